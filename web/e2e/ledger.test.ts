import { describe, expect, inject, it } from "vitest";
import { browserForFile, openScreen, screenshot, sessionToken, toastShown } from "./browser.ts";
import { apiCall } from "./api.ts";
import { ADMIN } from "./fixtures/users.ts";
import { addDays, dayOfWeek } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";

/**
 * The ledgers end to end (issue 15): a new member bound to the mini-program is gifted 3 weeks
 * through the wizard, the gift is approved, 2 of the weeks are exchanged for free room vouchers
 * (5 weekday + 2 weekend each), a discount hotel is booked for one weekday night with one of those
 * vouchers, and the membership viewer shows the week left and the vouchers left (9 weekday, 4
 * weekend, per batch with its exchange) while its 周次流水 shows the gift and the exchange with
 * their records and balances before and after.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);
const FN = { proxy: { functionId: "1704" }, clients: { functionId: "2001" }, mobileUsers: { functionId: "2303" }, exchanges: { functionId: "1803" } };

const tuesdayFrom = (day: string) => {
  let d = day;
  while (dayOfWeek(d) !== 2) d = addDays(d, 1);
  return d;
};

describe("gift weeks → exchange for vouchers → booking, seen in the membership viewer", () => {
  it("keeps every balance and its history right along the way", { timeout: 300_000 }, async () => {
    const page = await loggedIn(ADMIN);
    const token = (await sessionToken(page))!;
    const get = async (path: string, fn: Record<string, string>) => (await apiCall(baseURL, token, "GET", path, undefined, fn)).body;

    const hotels = (await get("/xiangyu/api/hotel/allhotel", FN.proxy)).dataList as { id: number; hotelName: string }[];
    const discount = hotels.find((h) => h.hotelName === "享域广州天河商务酒店")!;
    const checkIn = tuesdayFrom(addDays(today(), 10));
    const weekdayVouchers = async (clientId: number) =>
      ((await get(`/xiangyu/api/client/memberstore?clientId=${clientId}&hotelId=${discount.id}&checkInDate=${checkIn}&checkOutDate=${addDays(checkIn, 1)}`, FN.proxy)).data
        ?.ticketClassCount?.allday ?? 0) as number;
    const storedWeeks = async (clientId: number) => (await get(`/xiangyu/api/client/membershipinfo?clientId=${clientId}`, FN.exchanges)).dataList as { remainingCount: number }[];

    // A new member, bound to a mini-program user (a booking needs one), so every balance below is
    // the test's own: no stored weeks, no vouchers, an empty history.
    const n = String(Date.now() % 100_000_000).padStart(8, "0");
    const name = `账本${n.slice(-4)}`;
    const mobile = `137${n}`;
    const anyClient = await get("/xiangyu/api/client/clientlist?pageSize=20", FN.clients);
    const saved = await apiCall(baseURL, token, "POST", "/xiangyu/api/client/clientsave", { clientName: name, mobile, status: "2", shop: anyClient.dataList[0].shop }, FN.clients);
    expect(saved.body?.code).toBe("200");
    const client = { id: saved.body.data.id as number };
    const mobileUsers = (await get("/gateway/api/manage/users/m/list?pageSize=100", FN.mobileUsers)).dataList as { id: number; clientId?: number }[];
    const user = mobileUsers.find((u) => !u.clientId) ?? mobileUsers[0]!;
    const bound = await apiCall(baseURL, token, "POST", "/gateway/api/manage/users/m/bind", { id: String(user.id), clientId: String(client.id) }, FN.mobileUsers);
    expect(bound.body?.code).toBe("200");
    expect(await storedWeeks(client.id)).toEqual([]);
    expect(await weekdayVouchers(client.id)).toBe(0);

    // ── 赠送周次: 3 weeks, then 审核通过 ──
    await openScreen(page, "房券与周次", "赠送周次");
    await page.getByRole("button", { name: "赠送周次" }).click();
    const wizard = page.getByRole("dialog", { name: "赠送周次" });
    await wizard.getByRole("combobox").fill(mobile);
    await page.getByRole("option", { name: new RegExp(name) }).click();
    await wizard.getByText("该客户暂无存储周次").waitFor();
    await wizard.getByRole("button", { name: "下一步" }).click();
    await wizard.getByLabel("赠送数量").fill("3");
    await wizard.getByRole("textbox", { name: "有效期限" }).fill("2035-12-31");
    await wizard.getByLabel("赠送数量").click();
    await wizard.getByRole("button", { name: "下一步" }).click();
    await wizard.getByRole("button", { name: "确认赠送" }).click();
    await toastShown(page, "赠送完成");
    await wizard.waitFor({ state: "detached" });
    const giftRow = page.getByRole("row", { name: new RegExp(name) }).first();
    await giftRow.getByRole("button", { name: `审核：${name} 3周` }).click();
    const review = page.getByRole("dialog", { name: "赠送周次审核" });
    await review.getByRole("radio", { name: "通过", exact: true }).check();
    await review.getByRole("button", { name: "确定" }).click();
    await review.waitFor({ state: "detached" });
    await giftRow.getByText("已审核").waitFor();
    await screenshot(page, "ledger-gift-approved");
    expect((await storedWeeks(client.id)).map((r) => r.remainingCount)).toEqual([3]);

    // ── 兑换单列表 › 新增兑换: 2 weeks → 10 weekday + 4 weekend vouchers ──
    await openScreen(page, "房券与周次", "兑换单列表");
    await page.getByRole("button", { name: "新增兑换" }).click();
    const exchange = page.getByRole("dialog", { name: "新增房券兑换" });
    await exchange.getByRole("combobox", { name: "客户" }).fill(mobile);
    await page.getByRole("option", { name: new RegExp(name) }).click();
    const product = exchange.getByLabel("会员产品");
    const held = async () => (await product.locator("option").allTextContents()).find((t) => t.includes("剩余 3 周"));
    await expect.poll(held).toBeTruthy();
    await product.selectOption({ label: (await held())! });
    await exchange.getByLabel("兑换数量").fill("4");
    await exchange.getByRole("button", { name: "保存" }).click();
    await page.getByText("兑换数量不能大于剩余数量").first().waitFor();
    await screenshot(page, "ledger-exchange-refused");
    await exchange.getByLabel("兑换数量").fill("2");
    await exchange.getByText("将发放平日免费券 10 张、周末免费券 4 张").waitFor();
    await screenshot(page, "ledger-exchange-form");
    await exchange.getByRole("button", { name: "保存" }).click();
    await toastShown(page, "兑换完成");
    await exchange.waitFor({ state: "detached" });
    await page
      .getByRole("row", { name: new RegExp(name) })
      .first()
      .waitFor();
    await screenshot(page, "ledger-exchange-list");
    expect((await storedWeeks(client.id)).map((r) => r.remainingCount)).toEqual([1]);
    expect(await weekdayVouchers(client.id)).toBe(10);

    // ── 代客订单: one weekday night at the discount hotel, paid with one of those vouchers ──
    await openScreen(page, "订单管理", "代客订单");
    await page.getByRole("button", { name: "创建代客订单" }).click();
    const order = page.getByRole("dialog", { name: "创建代客订单" });
    await order.getByRole("combobox").fill(mobile);
    await page.getByRole("option", { name: new RegExp(name) }).click();
    await order.getByLabel("客户存储信息").getByText("已绑定").waitFor();
    await order.getByRole("button", { name: "下一步" }).click();
    const hotelLabel = `${discount.hotelName}（折扣酒店）`;
    await order.getByRole("combobox", { name: "酒店" }).fill(hotelLabel.slice(0, 6));
    await page.getByRole("option", { name: hotelLabel }).click();
    await order.getByLabel("入住日期").fill(checkIn);
    await order.getByLabel("离店日期").fill(addDays(checkIn, 1));
    await order.getByRole("table", { name: "可订客房" }).getByRole("radio").first().check();
    await order.getByRole("button", { name: "下一步" }).click();
    await order.getByLabel("平日免费券").fill("1");
    await screenshot(page, "ledger-booking-voucher");
    await order.getByRole("button", { name: "下一步" }).click();
    await order.getByRole("button", { name: "提交订单" }).click();
    await toastShown(page, "下单成功");
    await order.waitFor({ state: "detached" });
    expect(await weekdayVouchers(client.id)).toBe(9);

    // ── 会员信息 and its 周次流水 ──
    await openScreen(page, "客户管理", "客户列表");
    await page.getByRole("searchbox", { name: "关键字" }).fill(mobile);
    await page.getByRole("button", { name: "查询" }).click();
    await page
      .getByRole("row", { name: new RegExp(mobile) })
      .getByRole("button", { name: "会员信息" })
      .click();
    const viewer = page.getByRole("dialog", { name: `会员信息 · ${name}` });
    const weeks = viewer.getByRole("group", { name: "会员周次存储" });
    await weeks.getByText("1周").first().waitFor();
    // 房券 beside the weeks: the exchange's 10 weekday + 4 weekend free vouchers, one weekday voucher
    // spent by the booking; every batch names the exchange it came from.
    const vouchers = viewer.getByRole("group", { name: "房券余额" });
    await expect.poll(() => vouchers.getByLabel("平日免费券可用").textContent()).toBe("9张");
    expect(await vouchers.getByLabel("周末免费券可用").textContent()).toBe("4张");
    expect(await vouchers.getByLabel("平日免费券", { exact: true }).textContent()).toMatch(/已发 10.*已用 1/);
    expect(await vouchers.getByLabel("周末免费券", { exact: true }).textContent()).toMatch(/已发 4.*已用 0/);
    const batchRows = viewer.getByRole("row").filter({ hasText: "房券兑换单 #" });
    expect(await batchRows.count()).toBeGreaterThanOrEqual(2);
    expect(await viewer.getByRole("row").filter({ hasText: "待审核" }).count()).toBe(0);
    await screenshot(page, "ledger-membership-viewer");
    await batchRows.last().scrollIntoViewIfNeeded();
    await screenshot(page, "ledger-membership-vouchers");
    await viewer.getByRole("button", { name: "周次流水" }).click();
    const history = page.getByRole("dialog", { name: `周次流水 · ${name}` });
    await history.getByRole("cell", { name: "赠送周次审核通过" }).waitFor();
    const cells = async (source: string) =>
      (
        await history
          .getByRole("row", { name: new RegExp(source) })
          .getByRole("cell")
          .allTextContents()
      ).map((t) => t.trim());
    const gift = await cells("赠送周次 #");
    expect(gift).toEqual(expect.arrayContaining(["赠送周次审核通过", "+3周", "0周", "3周", "系统管理员"]));
    const exchanged = await cells("房券兑换单 #");
    expect(exchanged).toEqual(expect.arrayContaining(["-2周", "3周", "1周", "系统管理员"]));
    // Two entries, nothing else: the booking was paid in vouchers, not in weeks.
    await expect.poll(async () => (await history.getByRole("row").count()) - 1).toBe(2);
    await screenshot(page, "ledger-balance-history");
    expect(page.errors).toEqual([]);
  });
});
