import { describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderBlock, renderScreen, type Call, type ReplyOf } from "../../ui/test-utils.tsx";
import type { Rights } from "../../lib/screen.tsx";
import GoodsOrders from "./GoodsOrders.tsx";
import { GoodsOrderDetail } from "./GoodsOrderDetail.tsx";
import type { GoodsOrder } from "./goodsQueries.ts";
import { me, order } from "./goodsTestData.ts";

/**
 * 预约订单 / 商品订单 (R423–R429): the list of the URL's goodsType with its filters, and the detail
 * panel's actions by status and by the caller's letters, with what each sends.
 */
const STATUS_NAMES = [
  [1, "待支付"],
  [2, "待确认"],
  [3, "待完成"],
  [4, "已完成"],
  [5, "审核不通过"],
  [6, "申请退款"],
  [7, "已退款"],
  [8, "已取消"],
  [9, "已关闭"],
] as const;

type Reply = ReplyOf<"POST /goods/api/order/manage/handelorder">;
function server(views: GoodsOrder[], o: { handle?: (c: Call) => Reply; rows?: GoodsOrder[] } = {}) {
  let n = 0;
  return mockApi({
    "GET /goods/api/order/manage/list": (c) => {
      const rows = (o.rows ?? views).filter((r) => !c.query.orderStatus || String(r.status) === c.query.orderStatus);
      return { code: "200", desc: "", dataList: rows, pageParams: { maxCount: rows.length } as never };
    },
    "GET /goods/api/order/manage/orderdetail": () => ({ code: "200", desc: "", data: views[Math.min(n++, views.length - 1)] }),
    "GET /gateway/api/manage/users/info": () => me,
    // R426: the names come from the goodsOrderStatus list (here 2 is renamed 待确认).
    "GET /gateway/api/manage/appcenter/styleparam/list": () => ({
      code: "200",
      desc: "",
      dataList: STATUS_NAMES.map(([styleid, stylename]) => ({ styleid: String(styleid), stylename })),
    }),
    "POST /goods/api/order/manage/handelorder": o.handle ?? (() => ({ code: "200", desc: "操作成功", data: views[0] })),
    "POST /goods/api/order/manage/delete": () => ({ code: "200", desc: "删除成功" }),
  });
}

function openDetail(rights: Rights = ALL_RIGHTS, onClose = vi.fn()) {
  renderBlock(<GoodsOrderDetail orderId={5} onClose={onClose} />, { functionId: 2402, rights });
  return screen.findByRole("dialog", { name: "订单详情" });
}

/** The panel's footer: the order's action buttons (the × is the dialog's own). */
async function actions(dialog: HTMLElement) {
  await within(dialog).findByText("订单号");
  return within(dialog)
    .getAllByRole("button")
    .map((b) => b.textContent)
    .filter((t) => t !== "×");
}

describe("goods order list", () => {
  it("lists the URL's goods type with the style list's status names, filtered by status and order number", { timeout: 20_000 }, async () => {
    const rows = [order({ id: 2, status: 2 }), order({ id: 1, status: 4, price: 99, buyCount: 1 })];
    const api = server(rows);
    const { search } = renderScreen(<GoodsOrders />, { screen: { functionId: 2402, title: "预约订单", rights: ALL_RIGHTS, params: { goodsType: "appointment" } } });
    const first = await screen.findByRole("row", { name: /GO2026110100000002/ });
    expect(api.last("GET /goods/api/order/manage/list")!.query).toMatchObject({ goodsType: "appointment" });
    expect(within(first).getByText("待确认")).toBeInTheDocument();
    expect(within(first).getByText("¥398.00")).toBeInTheDocument();
    expect(within(screen.getByRole("row", { name: /GO2026110100000001/ })).getByText("已完成")).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("订单状态"), "已完成");
    await waitFor(() => expect(api.last("GET /goods/api/order/manage/list")!.query).toMatchObject({ goodsType: "appointment", orderStatus: "4" }));
    expect(search()).toMatchObject({ orderStatus: "4" });
    await waitFor(() => expect(screen.queryByRole("row", { name: /GO2026110100000002/ })).not.toBeInTheDocument());

    await userEvent.type(screen.getByRole("searchbox", { name: "关键字" }), "GO2026110100000001");
    await userEvent.click(screen.getByRole("button", { name: "查询" }));
    await waitFor(() => expect(api.last("GET /goods/api/order/manage/list")!.query).toMatchObject({ orderStatus: "4", keyword: "GO2026110100000001" }));

    await userEvent.click(screen.getByRole("button", { name: "详情：GO2026110100000001" }));
    expect(await screen.findByRole("dialog", { name: "订单详情" })).toBeInTheDocument();
    expect(api.last("GET /goods/api/order/manage/orderdetail")!.query).toEqual({ orderId: "1" });
  });
});

describe("goods order detail panel", () => {
  it("shows the type, status, line, amounts, times, payment, remark and refund", { timeout: 20_000 }, async () => {
    server([
      order({
        id: 5,
        status: 7,
        outTradeNo: "GO2026110100000005",
        payTime: "2026-11-01 10:05:00",
        remark: "请尽快安排",
        handleResult: "同意退款",
        handleUser: "管理员",
        handleTime: "2026-11-02 09:00:00",
        refundReason: "行程有变",
        refundDetail: [{ id: "RF5", refundPrice: 39800, reason: "行程有变", status: 1, refundTime: "2026-11-02 09:00:03" }],
      }),
    ]);
    const dialog = await openDetail();
    expect(dialog.querySelector("[data-width]")).toHaveAttribute("data-width", "500");
    await within(dialog).findByText("订单号");
    for (const text of [
      "预约服务",
      "已退款",
      "温泉理疗体验",
      "¥199.00",
      "×2",
      "¥398.00",
      "2026-11-01 10:05:00",
      "请尽快安排",
      "同意退款",
      "行程有变",
      "RF5 ¥398.00 已退款 2026-11-02 09:00:03",
    ])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    // The order number is the payment's out-trade number too.
    expect(within(dialog).getAllByText("GO2026110100000005")).toHaveLength(2);
  });

  // R423–R425, R428: with every letter, the buttons each status offers.
  const OFFERED: Array<[number, string[]]> = [
    [1, ["代客取消"]],
    [2, ["审核", "代客取消"]],
    [3, ["完成", "代客取消"]],
    [4, ["删除"]],
    [5, ["删除"]],
    [6, ["退款处理"]],
    [7, ["删除"]],
    [8, ["删除"]],
    [9, ["删除"]],
  ];
  it.each(OFFERED)("an order in status %i offers %j", { timeout: 20_000 }, async (status, buttons) => {
    server([order({ id: 5, status })]);
    expect(await actions(await openDetail())).toEqual(buttons);
  });

  it("offers only what the caller's letters allow: review and complete A, cancel P, refund E, delete D (R428)", { timeout: 20_000 }, async () => {
    const only = (letter: keyof Rights): Rights => ({ a: false, d: false, e: false, p: false, r: true, s: false, [letter]: true });
    const cases: Array<[number, Rights, string[]]> = [
      [2, only("a"), ["审核"]],
      [2, only("p"), ["代客取消"]],
      [3, only("a"), ["完成"]],
      [3, only("e"), []],
      [6, only("a"), []],
      [6, only("e"), ["退款处理"]],
      [4, only("a"), []],
      [7, only("d"), ["删除"]],
    ];
    for (const [status, rights, buttons] of cases) {
      server([order({ id: 5, status })]);
      const dialog = await openDetail(rights);
      expect([status, await actions(dialog)]).toEqual([status, buttons]);
      cleanup();
    }
  });

  it("review: a failure needs a result; pass and fail post currentCtrl 1 with status 1 or 2 (R427)", { timeout: 20_000 }, async () => {
    const api = server([order({ id: 5, status: 2 }), order({ id: 5, status: 3 })]);
    const dialog = await openDetail();
    await userEvent.click(await within(dialog).findByRole("button", { name: "审核" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "不通过" }));
    expect(await screen.findByText("请填写处理结果")).toBeInTheDocument();
    expect(api.last("POST /goods/api/order/manage/handelorder")).toBeUndefined();
    await userEvent.type(within(dialog).getByLabelText("处理结果"), "预约信息不完整");
    await userEvent.click(within(dialog).getByRole("button", { name: "不通过" }));
    await waitFor(() =>
      expect(api.last("POST /goods/api/order/manage/handelorder")?.body).toEqual({ orderId: "5", currentCtrl: "1", status: "2", handleResult: "预约信息不完整" }),
    );
    expect(await screen.findByText("操作成功")).toBeInTheDocument();
  });

  it("review pass posts status 1, and the panel then offers the next step", { timeout: 20_000 }, async () => {
    const api = server([order({ id: 5, status: 2 }), order({ id: 5, status: 3 })]);
    const dialog = await openDetail();
    await userEvent.click(await within(dialog).findByRole("button", { name: "审核" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "通过" }));
    await waitFor(() => expect(api.last("POST /goods/api/order/manage/handelorder")?.body).toEqual({ orderId: "5", currentCtrl: "1", status: "1", handleResult: "" }));
    await waitFor(async () => expect(await actions(dialog)).toEqual(["完成", "代客取消"]));
  });

  it("complete and proxy cancel ask first and post currentCtrl 3 and 4; a cancelled question sends nothing", { timeout: 20_000 }, async () => {
    const api = server([order({ id: 5, status: 3 })]);
    const dialog = await openDetail();
    await userEvent.click(await within(dialog).findByRole("button", { name: "完成" }));
    let question = await screen.findByRole("dialog", { name: /完成/ });
    expect(question).toHaveTextContent("确定该订单已完成吗？");
    await userEvent.click(within(question).getByRole("button", { name: "取消" }));
    expect(api.last("POST /goods/api/order/manage/handelorder")).toBeUndefined();
    await userEvent.click(within(dialog).getByRole("button", { name: "完成" }));
    await userEvent.click(within(await screen.findByRole("dialog", { name: /完成/ })).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(api.last("POST /goods/api/order/manage/handelorder")?.body).toMatchObject({ orderId: "5", currentCtrl: "3" }));

    await userEvent.click(within(dialog).getByRole("button", { name: "代客取消" }));
    question = await screen.findByRole("dialog", { name: /代客取消/ });
    expect(question).toHaveTextContent("确定代客取消该订单吗？已支付的金额将原路退回。");
    await userEvent.click(within(question).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(api.last("POST /goods/api/order/manage/handelorder")?.body).toMatchObject({ orderId: "5", currentCtrl: "4" }));
  });

  it("refund handling approves with status 1 and rejects with status 2 (currentCtrl 2), showing the server's refusal", { timeout: 20_000 }, async () => {
    let refuse = true;
    const api = server([order({ id: 5, status: 6, refundReason: "行程有变" })], {
      handle: () => (refuse ? { code: "400", desc: "订单当前状态不能进行此操作" } : { code: "200", desc: "操作成功" }),
    });
    const dialog = await openDetail();
    await userEvent.click(await within(dialog).findByRole("button", { name: "退款处理" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "同意退款" }));
    expect(await screen.findByText("订单当前状态不能进行此操作")).toBeInTheDocument();
    expect(api.last("POST /goods/api/order/manage/handelorder")?.body).toMatchObject({ currentCtrl: "2", status: "1" });
    // The refused decision stays open to try again.
    refuse = false;
    await userEvent.type(within(dialog).getByLabelText("处理结果"), "已与会员沟通");
    await userEvent.click(within(dialog).getByRole("button", { name: "拒绝退款" }));
    await waitFor(() => expect(api.last("POST /goods/api/order/manage/handelorder")?.body).toEqual({ orderId: "5", currentCtrl: "2", status: "2", handleResult: "已与会员沟通" }));
  });

  it("deletes a finished order after the question and closes", { timeout: 20_000 }, async () => {
    const onClose = vi.fn();
    const api = server([order({ id: 5, status: 8 })]);
    const dialog = await openDetail(ALL_RIGHTS, onClose);
    await userEvent.click(await within(dialog).findByRole("button", { name: "删除" }));
    const question = await screen.findByRole("dialog", { name: /删除确认/ });
    expect(question).toHaveTextContent("确定删除该订单吗？删除后不可恢复。");
    await userEvent.click(within(question).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(api.last("POST /goods/api/order/manage/delete")?.body).toEqual({ orderId: "5" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("closes when the reply carries no order (R429)", { timeout: 20_000 }, async () => {
    const onClose = vi.fn();
    mockApi({
      "GET /goods/api/order/manage/orderdetail": () => ({ code: "200", desc: "", data: {} }),
      "GET /gateway/api/manage/appcenter/styleparam/list": () => ({ code: "200", desc: "", dataList: [] }),
    });
    renderBlock(<GoodsOrderDetail orderId={5} onClose={onClose} />, { functionId: 2402, rights: ALL_RIGHTS });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
