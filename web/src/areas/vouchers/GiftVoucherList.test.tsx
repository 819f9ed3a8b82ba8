import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../ui/test-utils.tsx";
import GiftVoucherList from "./GiftVoucherList.tsx";
import type { GiftRow } from "./voucherQueries.ts";

/** The gift list's actions per state and right (R208–R214), the review's choice, the hotels' exclusivity (R206). */
const gift = (g: Partial<GiftRow> & { batchNo: string }): GiftRow => ({
  id: Number(g.batchNo.slice(-2)),
  clientId: 7,
  clientName: "张三",
  mobile: "13800000007",
  ticketCount: 3,
  usedCount: 0,
  remainingCount: 3,
  revokedCount: 0,
  ticketDuration: "2030-01-31 23:59:59",
  priceType: 1,
  useScope: 3,
  bindingHotelList: [],
  hotelsText: "通用",
  exchangeUser: "管理员",
  exchangeTime: "2026-11-24 10:00:00",
  reviewUser: "",
  remark: "",
  status: 1,
  isUsed: 0,
  state: "revocable",
  ...g,
});
const ROWS = [
  gift({ batchNo: "2026112400001", status: 0, state: "pending" }),
  gift({ batchNo: "2026112400002" }),
  gift({ batchNo: "2026112400003", usedCount: 1, remainingCount: 2, isUsed: 1, state: "reviewed" }),
];

function server() {
  return mockApi({
    "GET /xiangyu/api/order/hotelticket/list": () => ({ code: "200", desc: "", dataList: ROWS, pageParams: { maxCount: ROWS.length } as never }),
    "GET /xiangyu/api/hotel/allhotel": () => ({ code: "200", desc: "", dataList: [{ id: 5, hotelName: "天河商务酒店", hotelType: 2 }] }),
    "GET /xiangyu/api/client/searchclient": () => ({
      code: "200",
      desc: "",
      dataList: [{ id: 7, clientName: "张三", mobile: "13800000007", memberCode: "", shop: "001001", status: 2 }],
    }),
    "POST /xiangyu/api/order/hotelticket/passed": () => ({ code: "200", desc: "审核成功", data: { id: 1, batchNo: "2026112400001" } }),
    "POST /xiangyu/api/order/hotelticket/giftticketsave": (c: Call) => ({
      code: "200",
      desc: "赠送完成",
      data: gift({ batchNo: "2026112400009", hotelsText: c.body.bindingHotelId }),
    }),
  });
}
const open = (rights = ALL_RIGHTS) => renderScreen(<GiftVoucherList />, { screen: { functionId: 1802, title: "赠送房券列表", rights } });

describe("gift voucher list", () => {
  it("offers 审核 on pending, 撤销 on unused and only 已审核 on used batches, by right", { timeout: 15_000 }, async () => {
    server();
    open();
    expect(await screen.findByRole("button", { name: "审核：2026112400001" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "撤销：2026112400002" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "撤销：2026112400003" })).not.toBeInTheDocument();
    expect(screen.getAllByText("已审核").length).toBeGreaterThan(0);
  });

  it("shows neither 审核 nor 撤销 without P and D", { timeout: 15_000 }, async () => {
    server();
    open({ ...ALL_RIGHTS, p: false, d: false });
    await screen.findByText("2026112400001");
    expect(screen.queryByRole("button", { name: /^审核：/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^撤销：/ })).not.toBeInTheDocument();
  });

  it("the review asks for a choice first (请选择审核状态！), then posts it", { timeout: 15_000 }, async () => {
    const api = server();
    open();
    await userEvent.click(await screen.findByRole("button", { name: "审核：2026112400001" }));
    const dialog = await screen.findByRole("dialog", { name: "赠送房券审核" });
    await userEvent.click(within(dialog).getByRole("button", { name: "确定" }));
    expect(await screen.findByText("请选择审核状态！")).toBeInTheDocument();
    expect(api.last("POST /xiangyu/api/order/hotelticket/passed")).toBeUndefined();
    await userEvent.click(within(dialog).getByLabelText("审核通过"));
    await userEvent.click(within(dialog).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/order/hotelticket/passed")?.body).toMatchObject({ batchNo: "2026112400001", status: "1" }));
  });

  it("通用 and a hotel exclude each other; an empty gift is refused without a call", { timeout: 30_000 }, async () => {
    const api = server();
    open();
    await userEvent.click(await screen.findByRole("button", { name: "赠送房券" }));
    const dialog = await screen.findByRole("dialog", { name: "赠送房券" });
    const general = within(dialog).getByLabelText("通用");
    const hotel = await within(dialog).findByLabelText("天河商务酒店");
    expect(general).toBeChecked();
    await userEvent.click(hotel);
    expect(hotel).toBeChecked();
    expect(general).not.toBeChecked();
    await userEvent.click(general);
    expect(general).toBeChecked();
    expect(hotel).not.toBeChecked();
    await userEvent.click(hotel);

    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await within(dialog).findByText("客户不能为空")).toBeInTheDocument();
    expect(api.last("POST /xiangyu/api/order/hotelticket/giftticketsave")).toBeUndefined();
  });
});
