import { describe, expect, inject, it } from "vitest";
import type { Locator } from "playwright-core";
import { browserForFile, duplicateIds, openMenu, screenshot, screenTitle, sessionToken, settled, toastShown as toast } from "./browser.ts";
import { apiCall } from "./api.ts";
import { ADMIN } from "./fixtures/users.ts";
import { addDays, dayOfWeek } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";

/**
 * The orders issue as staff work it: two bookings placed through the four-step wizard on 代客订单 —
 * a club hotel paid with stored weeks and a discount hotel paid partly with a voucher — then the
 * club one approved, and the discount one approved, cancelled for the client and its refund
 * approved, which gives the voucher back: the client's store reads as before.
 */
const baseURL = inject("baseURL");
const PROXY_FN = { functionId: "1704" };
const CLIENTS_FN = { functionId: "2002" };
const browser = browserForFile(baseURL);

type Store = {
  bound: boolean;
  membership: { remainingCount: number; remainingFirstHaltCount: number; remainingSecondHaltCount: number } | null;
  ticketClassCount: Record<string, number>;
};
type Member = { id: number; clientName: string; mobile: string; globalId: string };

/** The first Tuesday on or after `day`: a Tuesday and a Wednesday night are weekday nights (holidays aside). */
const tuesdayFrom = (day: string) => {
  let d = day;
  while (dayOfWeek(d) !== 2) d = addDays(d, 1);
  return d;
};
/** Nights the weeks can still pay, per side: whole weeks count 5 weekday + 2 weekend nights. */
const capacity = (m: NonNullable<Store["membership"]>) => ({
  weekday: m.remainingCount * 5 + m.remainingFirstHaltCount,
  weekend: m.remainingCount * 2 + m.remainingSecondHaltCount,
});

describe("orders", () => {
  it("books a club hotel with weeks and a discount hotel with a voucher, approves one and refunds the other", { timeout: 300_000 }, async () => {
    const page = await browser.loggedIn(ADMIN);
    const token = (await sessionToken(page))!;
    const get = async (path: string, fn = PROXY_FN) => (await apiCall(baseURL, token, "GET", path, undefined, fn)).body;

    // The demo's hotels, and stays three weeks ahead (the seed gives 60 days of room status).
    const hotels = (await get("/xiangyu/api/hotel/allhotel")).dataList as { id: number; hotelName: string; hotelType: number }[];
    const club = hotels.find((h) => h.hotelName === "享域珠海横琴度假酒店")!;
    const discount = hotels.find((h) => h.hotelName === "享域广州天河商务酒店")!;
    expect(club?.hotelType).toBe(1);
    expect(discount?.hotelType).toBe(2);
    const clubIn = tuesdayFrom(addDays(today(), 21));
    const discountIn = addDays(clubIn, 7);
    const storeOf = async (clientId: number, hotelId: number, checkIn: string) =>
      (await get(`/xiangyu/api/client/memberstore?clientId=${clientId}&hotelId=${hotelId}&checkInDate=${checkIn}&checkOutDate=${addDays(checkIn, 2)}`)).data as Store;

    // A bound member with stored weeks and free weekday vouchers usable at the discount hotel.
    let client: Member | undefined;
    for (let p = 1; p <= 5 && !client; p++) {
      const members = (await get(`/xiangyu/api/client/memberlist?pageSize=100&currentPage=${p}`, CLIENTS_FN)).dataList as Member[];
      for (const m of members.filter((x) => x.globalId)) {
        const [w, v] = [await storeOf(m.id, club.id, clubIn), await storeOf(m.id, discount.id, discountIn)];
        if ((w?.membership?.remainingCount ?? 0) >= 1 && (v?.ticketClassCount?.allday ?? 0) >= 1) {
          client = m;
          break;
        }
      }
    }
    expect(client, "the demo has a bound member with weeks and weekday vouchers").toBeTruthy();
    const weeksBefore = (await storeOf(client!.id, club.id, clubIn)).membership!;
    const vouchersBefore = (await storeOf(client!.id, discount.id, discountIn)).ticketClassCount;

    await openMenu(page, "订单管理", "代客订单");
    await expect.poll(() => screenTitle(page).textContent()).toBe("代客订单");
    await settled(page);

    async function book(hotelLabel: string, checkIn: string, pay: (dialog: Locator) => Promise<void>, shot: string) {
      await page.getByRole("button", { name: "创建代客订单" }).click();
      const dialog = page.getByRole("dialog", { name: "创建代客订单" });
      await dialog.getByRole("combobox").fill(client!.mobile);
      await page.getByRole("option", { name: new RegExp(client!.clientName) }).click();
      await dialog.getByLabel("客户存储信息").getByText("已绑定").waitFor();
      await dialog.getByRole("button", { name: "下一步" }).click();
      await dialog.getByRole("combobox", { name: "酒店" }).fill(hotelLabel.slice(0, 6));
      await page.getByRole("option", { name: hotelLabel }).click();
      await dialog.getByLabel("入住日期").fill(checkIn);
      await dialog.getByLabel("离店日期").fill(addDays(checkIn, 2));
      await dialog.getByRole("table", { name: "可订客房" }).getByRole("radio").first().check();
      await screenshot(page, `${shot}-stay`);
      expect(await duplicateIds(page)).toEqual([]);
      await dialog.getByRole("button", { name: "下一步" }).click();
      await pay(dialog);
      await screenshot(page, `${shot}-payment`);
      expect(await duplicateIds(page)).toEqual([]);
      await dialog.getByRole("button", { name: "下一步" }).click();
      await dialog.getByLabel("订单确认").waitFor();
      await screenshot(page, `${shot}-confirm`);
      expect(await duplicateIds(page)).toEqual([]);
      await dialog.getByRole("button", { name: "提交订单" }).click();
      await toast(page, "下单成功");
      await dialog.waitFor({ state: "detached" });
    }

    // Club hotel: 2 weekday nights of weeks; the step shows what it needs against what is left.
    await book(
      `${club.hotelName}（会员酒店）`,
      clubIn,
      async (dialog) => {
        const need = dialog.getByLabel("本次需抵扣");
        await need.waitFor();
        expect(await need.textContent()).toContain("平日散夜2 晚");
        expect(await dialog.getByLabel("客户剩余").textContent()).toContain(`剩余周次${weeksBefore.remainingCount} 周`);
        await dialog.getByText(/^抵扣后剩余/).waitFor();
      },
      "orders-e2e-club",
    );
    const weeksAfter = (await storeOf(client!.id, club.id, clubIn)).membership!;
    expect(capacity(weeksAfter).weekday).toBe(capacity(weeksBefore).weekday - 2);
    expect(capacity(weeksAfter).weekend).toBe(capacity(weeksBefore).weekend);

    // Discount hotel: one free weekday voucher takes one night's price off.
    await book(
      `${discount.hotelName}（折扣酒店）`,
      discountIn,
      async (dialog) => {
        const amount = dialog.getByLabel("订单金额");
        await amount.waitFor();
        const full = await amount.textContent();
        await dialog.getByLabel("平日免费券").fill("1");
        await expect.poll(() => amount.textContent()).not.toBe(full);
        expect(await amount.textContent()).toMatch(/房券抵扣-¥[1-9]/);
      },
      "orders-e2e-discount",
    );
    expect((await storeOf(client!.id, discount.id, discountIn)).ticketClassCount.allday).toBe(vouchersBefore.allday! - 1);

    // Both are listed awaiting review, newest first.
    const proxies = (await get("/xiangyu/api/order/reservationservice/list?pageSize=20")).dataList as {
      orderId: number;
      clientName: string;
      status: number;
      checkinType: string;
    }[];
    const mine = proxies.filter((p) => p.clientName === client!.clientName && p.status === 1);
    const discountOrder = mine.find((p) => p.checkinType === "discount")!.orderId;
    const clubOrder = mine.find((p) => p.checkinType === "club")!.orderId;
    await page.reload();
    await settled(page);
    await page.getByRole("button", { name: new RegExp(`^立即处理：${clubOrder} `) }).waitFor();
    await screenshot(page, "orders-e2e-proxy-list");
    expect(await duplicateIds(page)).toEqual([]);

    async function openOrder(orderId: number) {
      await page.getByRole("searchbox", { name: "关键字" }).fill(String(orderId));
      await page.getByRole("button", { name: "查询" }).click();
      await page.getByRole("button", { name: new RegExp(`^(立即处理|查看详情)：${orderId} `) }).click();
      const detail = page.getByRole("dialog", { name: `订单详情 ${orderId}` });
      await detail.getByLabel("订单状态").waitFor();
      return detail;
    }
    async function review(detail: Locator, button: string, outcome: string, note = "") {
      await detail.getByRole("button", { name: button, exact: true }).click();
      const form = detail.getByRole("form");
      if (outcome) await form.getByLabel(outcome).check();
      if (note) await form.getByRole("textbox").fill(note);
      await form.getByRole("button", { name: "提交" }).click();
      await toast(page, "办理成功");
      await form.waitFor({ state: "detached" });
    }
    const statusOf = (detail: Locator) => detail.getByLabel("订单状态").textContent();

    // The club booking: approved.
    let detail = await openOrder(clubOrder);
    await screenshot(page, "orders-e2e-detail-awaiting");
    expect(await duplicateIds(page)).toEqual([]);
    await review(detail, "审核", "审核通过", "已与酒店确认");
    await expect.poll(() => statusOf(detail)).toBe("预订成功");
    await detail.getByRole("list", { name: "订单时间线" }).getByText("审核通过").waitFor();
    await screenshot(page, "orders-e2e-detail-approved");
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });

    // The discount booking: approved, cancelled for the client, the refund approved (no reject offered, R139).
    detail = await openOrder(discountOrder);
    await review(detail, "审核", "审核通过");
    await expect.poll(() => statusOf(detail)).toBe("预订成功");
    await review(detail, "代客退订", "", "客户行程取消");
    await expect.poll(() => statusOf(detail)).toBe("申请退订");
    await detail.getByRole("button", { name: "退订处理" }).click();
    expect(await detail.getByRole("form").getByRole("radio").count()).toBe(1);
    await detail.getByRole("form").getByRole("button", { name: "取消" }).click();
    await review(detail, "退订处理", "同意退订", "同意退订");
    await expect.poll(() => statusOf(detail)).toMatch(/^已取消/);
    await detail.getByRole("region", { name: "退款" }).waitFor();
    await screenshot(page, "orders-e2e-detail-refunded");
    await page.keyboard.press("Escape");

    // The voucher is back; the approved club booking still holds its weeks.
    expect((await storeOf(client!.id, discount.id, discountIn)).ticketClassCount).toEqual(vouchersBefore);
    expect(capacity((await storeOf(client!.id, club.id, clubIn)).membership!)).toEqual(capacity(weeksAfter));

    // The discount list shows the stay's columns.
    await openMenu(page, "订单管理", "折扣酒店订单");
    await expect.poll(() => screenTitle(page).textContent()).toBe("折扣酒店订单");
    await settled(page);
    await page.getByRole("columnheader", { name: "入离日期" }).waitFor();
    await screenshot(page, "orders-e2e-discount-list");
    expect(page.errors).toEqual([]);
  });
});
