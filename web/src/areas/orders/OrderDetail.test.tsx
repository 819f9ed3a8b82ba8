import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderBlock, type Call } from "../../ui/test-utils.tsx";
import { OrderDetail } from "./OrderDetail.tsx";
import type { OrderDetailData } from "./orderQueries.ts";

const LABELS = {
  approve: "审核通过",
  reject: "审核不通过",
  refundApprove: "同意退订",
  refundReject: "拒绝退订",
  proxyCancel: "代客退订",
  complete: "标记完成",
  followup: "电话回访",
  delete: "删除订单",
} as const;
type MoveName = keyof typeof LABELS;

const detail = (status: number, moves: MoveName[], more: Partial<OrderDetailData> = {}): OrderDetailData =>
  ({
    id: 31,
    orderId: 31,
    checkinType: "discount",
    checkinTypeName: "折扣酒店",
    orderName: "享域广州天河商务酒店 商务大床房",
    status,
    statusName: "",
    payType: 1,
    payTypeName: "现金",
    price: 398,
    payAmount: 398,
    deductionWeeks: 0,
    deductionWeeksFristHalt: 0,
    deductionWeeksSecondHalt: 0,
    ticketCount: 1,
    hotelId: 4,
    hotelName: "享域广州天河商务酒店",
    roomId: 9,
    roomName: "商务大床房",
    checkinRoomCount: 1,
    checkinDays: 2,
    checkinStartdate: "2030-03-06",
    checkinEnddate: "2030-03-08",
    bookingTime: "2030-03-01 10:00:00",
    clientId: 7,
    clientName: "张三",
    clientMobile: "13900000007",
    shop: "001001",
    rsId: 31,
    proxyCancel: 0,
    createUserName: "系统管理员",
    fullPrice: 796,
    discountPrice: 398,
    weekCount: 0,
    weekstartCount: 0,
    weekendCount: 0,
    ticketClassCountJson: '{"allday":1}',
    ticketClass1Count: "",
    checkInClientJson: [{ name: "张三", mobile: "13900000007" }],
    remark: "",
    handleResult: "",
    handleTime: "",
    cancelTime: "",
    completeTime: "",
    refundTime: "",
    refundReason: "",
    refundHandleTime: "",
    refundHandleResult: "",
    outTradeNo: "XY2030030100000031",
    payTime: "2030-03-01 10:00:00",
    orderTime: "2030-03-01 10:00:00",
    orderDetail: [{ goodsPicture: "", goodsName: "享域广州天河商务酒店 商务大床房", priceCount: 398, goodsCount: 2, unit: "间夜" }],
    refundDetail: null,
    followupDetail: [],
    timeline: [{ time: "2030-03-01 10:00:00", action: "下单", fromStatus: 0, toStatus: 1, toStatusName: "待审核", userName: "系统管理员", note: "2晚 × 1间" }],
    moves: moves.map((move) => ({ move, label: LABELS[move] })),
    ...more,
  }) as OrderDetailData;

function server(views: OrderDetailData[], handle: (c: Call) => { code: string; desc: string } = () => ({ code: "200", desc: "办理成功" })) {
  let n = 0;
  return mockApi({
    "GET /xiangyu/api/order/manage/view": () => ({ code: "200", desc: "", data: views[Math.min(n++, views.length - 1)] }),
    "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: [] }),
    "POST /xiangyu/api/order/manage/handle": handle,
    "POST /xiangyu/api/order/manage/followupsave": () => ({ code: "200", desc: "保存成功" }),
    "POST /xiangyu/api/order/manage/proxycancel": () => ({ code: "200", desc: "办理成功" }),
    "POST /xiangyu/api/order/manage/delete": () => ({ code: "200", desc: "删除成功" }),
  });
}

function open(props: { onClose?: () => void; onChanged?: () => void; initialForm?: "followup" } = {}) {
  renderBlock(<OrderDetail orderId={31} onClose={props.onClose ?? (() => {})} onChanged={props.onChanged ?? (() => {})} initialForm={props.initialForm} />);
  return screen.findByRole("dialog", { name: "订单详情 31" });
}

const toolbarButtons = async (dialog: HTMLElement) =>
  within(await within(dialog).findByRole("toolbar", { name: "订单办理" }))
    .getAllByRole("button")
    .map((b) => b.textContent);

describe("order detail panel", () => {
  it("is 500 wide and shows the goods, money, stay, refund in yuan and the timeline", async () => {
    server([detail(10, [], { refundDetail: { id: "RF31", refundPrice: 39800, reason: "行程变更", status: 1, refundTime: "2030-03-02 09:00:00" } })]);
    const dialog = await open();
    expect(dialog.querySelector("[data-width]")).toHaveAttribute("data-width", "500");
    expect(within(dialog).getByLabelText("订单状态")).toHaveTextContent("已取消");
    expect(within(dialog).getByRole("region", { name: "金额" })).toHaveTextContent("实付金额¥398.00");
    expect(within(dialog).getByRole("region", { name: "入住" })).toHaveTextContent("2 晚 × 1 间");
    const refund = within(dialog).getByRole("region", { name: "退款" });
    expect(refund).toHaveTextContent("退款金额¥398.00");
    expect(refund).toHaveTextContent("退款状态退款成功");
    expect(within(dialog).getByRole("list", { name: "订单时间线" })).toHaveTextContent("下单→ 待审核系统管理员");
    expect(within(dialog).queryByRole("toolbar", { name: "订单办理" })).not.toBeInTheDocument();
  });

  it("offers review for an order awaiting it and posts the outcome with currentCtrl 1", async () => {
    const onChanged = vi.fn();
    const api = server([detail(1, ["approve", "reject"]), detail(4, ["proxyCancel", "complete", "followup", "delete"])]);
    renderBlock(<OrderDetail orderId={31} onClose={() => {}} onChanged={onChanged} />);
    const dialog = await screen.findByRole("dialog", { name: "订单详情 31" });
    expect(await toolbarButtons(dialog)).toEqual(["审核"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "审核" }));
    const form = within(dialog).getByRole("form", { name: "订单审核" });
    await userEvent.click(within(form).getByRole("button", { name: "提交" }));
    expect(await within(form).findByText("请选择办理结果")).toBeInTheDocument();
    expect(api.last("POST /xiangyu/api/order/manage/handle")).toBeUndefined();

    await userEvent.click(within(form).getByLabelText("审核通过"));
    await userEvent.type(within(form).getByLabelText("办理说明"), "已确认房态");
    await userEvent.click(within(form).getByRole("button", { name: "提交" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/order/manage/handle")?.body).toEqual({ orderId: "31", currentCtrl: "1", status: "1", handleResult: "已确认房态" }));
    expect(await screen.findByText("办理成功")).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();
    // The panel re-reads the order: now confirmed, with its own buttons (delete in the panel for 4, R136).
    await waitFor(async () => expect(await toolbarButtons(dialog)).toEqual(["代客退订", "标记完成", "电话回访", "删除订单"]));
  });

  it("offers only approval of a proxy cancellation's refund (R139)", async () => {
    const api = server([detail(7, ["refundApprove"], { proxyCancel: 1 })]);
    const dialog = await open();
    expect(await toolbarButtons(dialog)).toEqual(["退订处理"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "退订处理" }));
    const form = within(dialog).getByRole("form", { name: "退订处理" });
    expect(
      within(form)
        .getAllByRole("radio")
        .map((r) => r.parentElement?.textContent),
    ).toEqual(["同意退订"]);
    // The only outcome is chosen already.
    await userEvent.click(within(form).getByRole("button", { name: "提交" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/order/manage/handle")?.body).toMatchObject({ currentCtrl: "2", status: "1" }));
  });

  it("offers both refund outcomes to a client's own request", async () => {
    server([detail(7, ["refundApprove", "refundReject"])]);
    const dialog = await open();
    await userEvent.click(await within(dialog).findByRole("button", { name: "退订处理" }));
    const form = within(dialog).getByRole("form", { name: "退订处理" });
    expect(
      within(form)
        .getAllByRole("radio")
        .map((r) => r.parentElement?.textContent),
    ).toEqual(["同意退订", "拒绝退订"]);
  });

  it("marks complete after a confirmation with currentCtrl 3 and status 1", async () => {
    const api = server([detail(4, ["complete"])]);
    const dialog = await open();
    await userEvent.click(await within(dialog).findByRole("button", { name: "标记完成" }));
    await userEvent.click(await screen.findByRole("button", { name: "确定" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/order/manage/handle")?.body).toMatchObject({ orderId: "31", currentCtrl: "3", status: "1" }));
  });

  it("files a proxy cancellation with its reason", async () => {
    const api = server([detail(4, ["proxyCancel"])]);
    const dialog = await open();
    await userEvent.click(await within(dialog).findByRole("button", { name: "代客退订" }));
    const form = within(dialog).getByRole("form", { name: "代客退订" });
    await userEvent.type(within(form).getByLabelText("退订原因"), "客户行程取消");
    await userEvent.click(within(form).getByRole("button", { name: "提交" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/order/manage/proxycancel")?.body).toEqual({ orderId: "31", refundReason: "客户行程取消" }));
  });

  it("opens the follow-up form from the list link, needs a status, and keeps delete out of the panel for status 6", async () => {
    const api = server([detail(6, ["followup", "delete"])]);
    const dialog = await open({ initialForm: "followup" });
    expect(await toolbarButtons(dialog)).toEqual(["电话回访"]);
    const form = within(dialog).getByRole("form", { name: "电话回访" });
    await userEvent.click(within(form).getByRole("button", { name: "提交" }));
    expect(await within(form).findByText("请选择回访状态")).toBeInTheDocument();
    await userEvent.click(within(form).getByLabelText("未接通"));
    await userEvent.click(within(form).getByRole("button", { name: "提交" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/order/manage/followupsave")?.body).toEqual({ orderId: "31", status: "2", content: "" }));
  });

  it("deletes from the panel after a confirmation and closes", async () => {
    const onClose = vi.fn();
    const api = server([detail(8, ["delete"])]);
    const dialog = await open({ onClose });
    await userEvent.click(await within(dialog).findByRole("button", { name: "删除订单" }));
    await userEvent.click(await screen.findByRole("button", { name: "删除" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/order/manage/delete")?.body).toEqual({ orderId: "31" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("says 办理出错 when a refusal has no text", async () => {
    server([detail(4, ["complete"])], () => ({ code: "409", desc: "" }));
    const dialog = await open();
    await userEvent.click(await within(dialog).findByRole("button", { name: "标记完成" }));
    await userEvent.click(await screen.findByRole("button", { name: "确定" }));
    expect(await screen.findByText("办理出错")).toBeInTheDocument();
  });

  it("closes with 无效的订单 when the reply has no order", async () => {
    const onClose = vi.fn();
    mockApi({
      "GET /xiangyu/api/order/manage/view": () => ({ code: "200", desc: "", data: {} }),
      "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: [] }),
    });
    renderBlock(<OrderDetail orderId={31} onClose={onClose} onChanged={() => {}} />);
    expect(await screen.findByText("无效的订单")).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });
});
