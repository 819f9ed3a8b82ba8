import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen } from "../../../ui/test-utils.tsx";
import CashierReviews from "./CashierReviews.tsx";
import MemberServiceReviews from "./MemberServiceReviews.tsx";
import type { PurchaseRow } from "./reviewQueries.ts";

const row = (p: Partial<PurchaseRow> & { id: number; clientName: string }): PurchaseRow =>
  ({
    workOrderId: 1,
    clientId: p.id,
    mobile: `1390000000${p.id}`,
    shop: "001001",
    saleUser: "",
    productId: 11,
    productName: "十年会籍",
    productTypeId: 7,
    contractType: "HY",
    duration: 10,
    proCount: 10,
    productUnit: "周",
    giftCount: 0,
    givingGifts: "",
    amount: 100000,
    payAmount: 90000,
    payType: "3",
    isInstallment: 0,
    firstPayAmount: 90000,
    firstPayTime: "2026-01-02 10:00:00",
    finalPayAmount: 0,
    finalPayTime: "",
    finalPayState: "none",
    finalPayText: "无需付款",
    remark: "",
    status: 1,
    statusText: "待收银审核",
    reason: "",
    cashier: "",
    cashierTime: "",
    financeStaff: "",
    financeTime: "",
    msStaff: "",
    msTime: "",
    lotId: 0,
    memberLevel: "",
    createUser: "",
    createTime: "2026-01-02 10:00:00",
    ...p,
  }) as PurchaseRow;

/** Two purchases at the cashier: one paid whole, one instalment whose final payment is unpaid. */
function server(list = "GET /xiangyu/api/finance/buylistbycashier", review = "POST /xiangyu/api/finance/buypassedbycashier") {
  const rows = [row({ id: 1, clientName: "张三" }), row({ id: 2, clientName: "李四", isInstallment: 1, firstPayAmount: 30000, finalPayState: "unpaid", finalPayText: "未支付" })];
  return mockApi({
    [list]: () => ({ code: "200", desc: "", dataList: rows, pageParams: { maxCount: rows.length } as never }),
    "GET /xiangyu/api/finance/buylistdetail": (c) => ({ code: "200", desc: "", data: rows.find((r) => r.id === Number(c.query.id)) }),
    "GET /gateway/api/manage/appcenter/styleparam/list": () => ({ code: "200", desc: "", dataList: [{ styleid: "3", stylename: "微信" }] }),
    [review]: () => ({ code: "200", desc: "复核通过" }),
    "POST /xiangyu/api/client/workorder/savefinalpayamount": () => ({ code: "200", desc: "处理完成", data: rows[1] }),
  });
}

describe("purchase review lists and panel", () => {
  it("shows the spec's columns in yuan, 无需付款 and 未支付，去处理; the panel refuses an unpaid pass and a fail without a reason", async () => {
    const api = server();
    renderScreen(<CashierReviews />, { screen: { functionId: 1905, title: "收银复核", rights: ALL_RIGHTS } });
    await screen.findAllByText("微信");
    const zhang = screen.getByRole("row", { name: /张三/ });
    expect(
      within(zhang)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(["张三", "十年会籍", "100000.00", "90000.00", "否", "微信", "无需付款"]));
    await userEvent.click(screen.getByRole("button", { name: "去复核：李四 十年会籍" }));
    const panel = await screen.findByRole("dialog", { name: "购买复核" }, { timeout: 5_000 });
    await within(panel).findByText("未支付");
    await userEvent.click(within(panel).getByRole("radio", { name: "通过" }));
    expect(within(panel).getByText("分期支付单还没支付尾款，不能选择复核通过")).toBeTruthy();
    await userEvent.click(within(panel).getByRole("radio", { name: "不通过" }));
    await userEvent.click(within(panel).getByRole("button", { name: "确定" }));
    expect(await within(panel).findByText("请填写不通过原因")).toBeTruthy();
    expect(api.last("POST /xiangyu/api/finance/buypassedbycashier")).toBeUndefined();
  }, 20_000);

  it("未支付，去处理 opens the work orders' 尾款处理 for that purchase, not the review panel", async () => {
    const api = server();
    renderScreen(<CashierReviews />, { screen: { functionId: 1905, title: "收银复核", rights: ALL_RIGHTS } });
    await screen.findAllByText("微信");
    await userEvent.click(screen.getByRole("button", { name: "未支付，去处理：李四" }));
    const pay = await screen.findByRole("dialog", { name: "尾款处理" }, { timeout: 5_000 });
    expect(screen.queryByRole("dialog", { name: "购买复核" })).toBeNull();
    // The amount due (payAmount − firstPayAmount) is offered, so no mismatch question comes.
    expect(within(pay).getByLabelText("尾款金额")).toHaveValue("60000");
    await userEvent.click(within(pay).getByRole("button", { name: "完成支付" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/client/workorder/savefinalpayamount")?.body).toEqual({ id: "2", finalPayAmount: "60000" }));
    expect(api.last("POST /xiangyu/api/client/workorder/savefinalpayamount")?.headers).toMatchObject({ functionId: "1905" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "尾款处理" })).toBeNull());
  }, 20_000);

  it("sends a pass after the confirmation from the stage's own screen", async () => {
    const api = server("GET /xiangyu/api/finance/buylistbyms", "POST /xiangyu/api/finance/buypassedbyms");
    renderScreen(<MemberServiceReviews />, { screen: { functionId: 1907, title: "会员服务复核", rights: ALL_RIGHTS } });
    // Clicked once the rows stop rendering again (the payment-method names arrive after the rows).
    await screen.findAllByText("微信");
    await userEvent.click(screen.getByRole("button", { name: "去复核：张三 十年会籍" }));
    const panel = await screen.findByRole("dialog", { name: "购买复核" }, { timeout: 5_000 });
    await within(panel).findByText("无需付款");
    await userEvent.click(within(panel).getByRole("button", { name: "确定" }));
    expect(await within(panel).findByText("请选择复核结果")).toBeTruthy();
    await userEvent.click(within(panel).getByRole("radio", { name: "通过" }));
    await userEvent.click(within(panel).getByRole("button", { name: "确定" }));
    const ask = await screen.findByRole("dialog", { name: "确认复核结果" }, { timeout: 5_000 });
    await userEvent.click(within(ask).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/finance/buypassedbyms")?.body).toEqual({ id: "1", isPassed: "1", notPassReason: "" }));
    expect(api.last("POST /xiangyu/api/finance/buypassedbyms")?.headers).toMatchObject({ functionId: "1907" });
  }, 20_000);

  it("offers 去复核 only with E", async () => {
    server();
    renderScreen(<CashierReviews />, { screen: { functionId: 1905, title: "收银复核", rights: { ...ALL_RIGHTS, e: false } } });
    await screen.findByRole("row", { name: /张三/ });
    expect(screen.queryByRole("button", { name: /^去复核/ })).toBeNull();
    // Without E the unpaid final payment is only said, not offered.
    expect(within(screen.getByRole("row", { name: /李四/ })).getByText("未支付")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^未支付，去处理/ })).toBeNull();
  });
});
