import { describe, expect, inject, it } from "vitest";
import { browserForFile, openScreen, screenshot, sessionToken } from "./browser.ts";
import { FINANCE, passReview } from "./reviewSteps.ts";
import { apiCall } from "./api.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * The three-stage purchase review as staff do it (docs/reviews.md): a showroom purchase seeded for a
 * prospect (packages/local/src/seed/purchases.ts) passes the cashier, the finance manager and
 * member service, each on their own screen through the one review panel; then the client list shows
 * the client as a member with the derived level, and the membership viewer shows the weeks.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);
describe("purchase review", () => {
  it("passes a purchase through the three stages; the client becomes a member with the weeks and the level", { timeout: 240_000 }, async () => {
    const page = await loggedIn(ADMIN);
    const token = (await sessionToken(page))!;
    const waiting = await apiCall(baseURL, token, "GET", "/xiangyu/api/finance/buylistbycashier?pageSize=50", undefined, { functionId: "1905" });
    expect(waiting.body.code).toBe("200");
    const whole = waiting.body.dataList.find((r: any) => r.finalPayState === "none");
    const unpaid = waiting.body.dataList.find((r: any) => r.finalPayState === "unpaid");
    expect(whole && unpaid).toBeTruthy();

    // The cashier's list: the spec's columns, 无需付款 and 未支付，去处理.
    await openScreen(page, FINANCE, "收银复核");
    await page.getByRole("columnheader", { name: "尾款金额" }).waitFor();
    await page.getByRole("button", { name: `未支付，去处理：${unpaid.clientName}` }).waitFor();
    await screenshot(page, "reviews-cashier-list");
    // An unpaid instalment cannot pass: the panel says so before anything is sent (未支付，去处理 opens
    // the final payment instead: pipeline.test.ts).
    await page.getByRole("button", { name: `去复核：${unpaid.clientName} ${unpaid.productName}` }).click();
    const panel = page.getByRole("dialog", { name: "购买复核" });
    await panel.getByRole("radio", { name: "通过", exact: true }).check();
    await panel.getByText("分期支付单还没支付尾款，不能选择复核通过").waitFor();
    await panel.getByRole("radio", { name: "不通过" }).check();
    await panel.getByRole("button", { name: "确定" }).click();
    await panel.getByText("请填写不通过原因").first().waitFor();
    await screenshot(page, "reviews-panel-unpaid");
    await panel.getByRole("button", { name: "取消" }).click();
    await panel.waitFor({ state: "detached" });

    for (const [entry, shot] of [
      ["收银复核", "reviews-panel-cashier"],
      ["财务经理复核", "reviews-panel-finance"],
      ["会员服务复核", "reviews-panel-ms"],
    ] as const)
      await passReview(page, entry, { name: whole.clientName, product: whole.productName, finalPay: "无需付款" }, shot);

    // The client list: now a member, with the level derived from the product (普通会员).
    await openScreen(page, "客户管理", "客户列表");
    await page.getByRole("searchbox", { name: "关键字" }).fill(whole.mobile);
    await page.getByRole("button", { name: "查询" }).click();
    const row = page.getByRole("row", { name: new RegExp(whole.mobile) });
    await row.waitFor();
    await expect.poll(() => row.getByRole("cell").allTextContents()).toEqual(expect.arrayContaining(["会员", "普通会员"]));
    await screenshot(page, "reviews-client-member");

    // The membership viewer: the weeks of the purchase.
    await row.getByRole("button", { name: "会员信息" }).click();
    const viewer = page.getByRole("dialog", { name: `会员信息 · ${whole.clientName}` });
    const weeks = viewer.getByRole("group", { name: "会员周次存储" });
    await weeks.waitFor();
    await weeks.getByText(`${whole.proCount}周`, { exact: true }).first().waitFor();
    await screenshot(page, "reviews-membership-viewer");
    expect(page.errors).toEqual([]);
  });
});
