import { describe, expect, inject, it } from "vitest";
import { browserForFile, duplicateIds, openMenu, screenshot, screenTitle, sessionToken, settled, toastShown as toast } from "./browser.ts";
import { apiCall } from "./api.ts";
import { ADMIN } from "./fixtures/users.ts";
import { addDays, dayOfWeek } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";

/**
 * Gift vouchers as staff work them (issue 15): 赠送房券 to a bound member, 审核通过, then a discount
 * hotel booked through 代客订单's wizard paying one night with that voucher; the gift list then
 * offers no 撤销 for the batch (a used voucher is never revoked, R214).
 */
const baseURL = inject("baseURL");
const PROXY_FN = { functionId: "1704" };
const GIFT_FN = { functionId: "1802" };
const CLIENTS_FN = { functionId: "2002" };
const browser = browserForFile(baseURL);

type Member = { id: number; clientName: string; mobile: string; globalId: string };
const tuesdayFrom = (day: string) => {
  let d = day;
  while (dayOfWeek(d) !== 2) d = addDays(d, 1);
  return d;
};

describe("gift vouchers", () => {
  it("gifts weekday vouchers, approves them and books a discount hotel with one", { timeout: 300_000 }, async () => {
    const page = await browser.loggedIn(ADMIN);
    const token = (await sessionToken(page))!;
    const get = async (path: string, fn = PROXY_FN) => (await apiCall(baseURL, token, "GET", path, undefined, fn)).body;

    const hotels = (await get("/xiangyu/api/hotel/allhotel")).dataList as { id: number; hotelName: string; hotelType: number }[];
    const discount = hotels.find((h) => h.hotelName === "享域广州天河商务酒店")!;
    const checkIn = tuesdayFrom(addDays(today(), 14));
    const expiry = addDays(today(), 35);
    const alldayOf = async (clientId: number) =>
      ((await get(`/xiangyu/api/client/memberstore?clientId=${clientId}&hotelId=${discount.id}&checkInDate=${checkIn}&checkOutDate=${addDays(checkIn, 1)}`)).data?.ticketClassCount
        ?.allday ?? 0) as number;

    // A bound member holding no free weekday voucher for that hotel: the one booked is the gift's.
    let client: Member | undefined;
    for (let p = 1; p <= 5 && !client; p++) {
      const members = (await get(`/xiangyu/api/client/memberlist?pageSize=100&currentPage=${p}`, CLIENTS_FN)).dataList as Member[];
      for (const m of members.filter((x) => x.globalId)) if ((await alldayOf(m.id)) === 0) client = m;
    }
    expect(client, "the demo has a bound member without weekday vouchers").toBeTruthy();

    await openMenu(page, "房券与周次", "赠送房券列表");
    await expect.poll(() => screenTitle(page).textContent()).toBe("赠送房券列表");
    await settled(page);

    // 赠送房券: 2 free weekday vouchers bound to the discount hotel (通用 gives way to the hotel, R206).
    await page.getByRole("button", { name: "赠送房券" }).click();
    const form = page.getByRole("dialog", { name: "赠送房券" });
    await form.getByRole("combobox").fill(client!.mobile);
    await page.getByRole("option", { name: new RegExp(client!.clientName) }).click();
    await form.getByLabel("赠送数量").fill("2");
    await form.getByLabel("有效期限").fill(expiry);
    // Leave the date box so its calendar closes.
    await form.getByLabel("有效期限").press("Tab");
    await form.getByLabel("平日", { exact: true }).check();
    await form.getByLabel(discount.hotelName).check();
    expect(await form.getByLabel("通用").isChecked()).toBe(false);
    await screenshot(page, "vouchers-e2e-gift-form");
    expect(await duplicateIds(page)).toEqual([]);
    await form.getByRole("button", { name: "保存" }).click();
    await toast(page, "赠送完成");
    await form.waitFor({ state: "detached" });

    const gifts = (await get(`/xiangyu/api/order/hotelticket/list?exchangeType=3&keyword=${client!.mobile}`, GIFT_FN)).dataList as { batchNo: string; status: number }[];
    const batchNo = gifts[0]!.batchNo;
    expect(gifts[0]!.status).toBe(0);
    expect(await alldayOf(client!.id)).toBe(0);

    // 审核通过: the batch becomes usable.
    await page.getByRole("button", { name: `审核：${batchNo}` }).click();
    const review = page.getByRole("dialog", { name: "赠送房券审核" });
    await review.getByLabel("审核通过", { exact: true }).check();
    await review.getByRole("button", { name: "确定" }).click();
    await review.waitFor({ state: "detached" });
    await page.getByRole("button", { name: `撤销：${batchNo}` }).waitFor();
    await screenshot(page, "vouchers-e2e-gift-approved");
    expect(await alldayOf(client!.id)).toBe(2);

    // Book the discount hotel for one weekday night, paid with one of the gift's vouchers.
    await openMenu(page, "订单管理", "代客订单");
    await expect.poll(() => screenTitle(page).textContent()).toBe("代客订单");
    await settled(page);
    await page.getByRole("button", { name: "创建代客订单" }).click();
    const wizard = page.getByRole("dialog", { name: "创建代客订单" });
    await wizard.getByRole("combobox").fill(client!.mobile);
    await page.getByRole("option", { name: new RegExp(client!.clientName) }).click();
    await wizard.getByLabel("客户存储信息").getByText("已绑定").waitFor();
    await wizard.getByRole("button", { name: "下一步" }).click();
    const hotelLabel = `${discount.hotelName}（折扣酒店）`;
    await wizard.getByRole("combobox", { name: "酒店" }).fill(hotelLabel.slice(0, 6));
    await page.getByRole("option", { name: hotelLabel }).click();
    await wizard.getByLabel("入住日期").fill(checkIn);
    await wizard.getByLabel("离店日期").fill(addDays(checkIn, 1));
    await wizard.getByRole("table", { name: "可订客房" }).getByRole("radio").first().check();
    await wizard.getByRole("button", { name: "下一步" }).click();
    await wizard.getByLabel("平日免费券").fill("1");
    await screenshot(page, "vouchers-e2e-booking-payment");
    await wizard.getByRole("button", { name: "下一步" }).click();
    await wizard.getByLabel("订单确认").waitFor();
    await wizard.getByRole("button", { name: "提交订单" }).click();
    await toast(page, "下单成功");
    await wizard.waitFor({ state: "detached" });
    expect(await alldayOf(client!.id)).toBe(1);

    // Back on the gift list: the batch is used, so it shows only 已审核 (R214).
    await openMenu(page, "房券与周次", "赠送房券列表");
    await settled(page);
    await page.getByRole("searchbox", { name: "关键字" }).fill(client!.mobile);
    await page.getByRole("button", { name: "查询" }).click();
    await page.getByRole("cell", { name: "已使用" }).first().waitFor();
    expect(await page.getByRole("button", { name: `撤销：${batchNo}` }).count()).toBe(0);
    await screenshot(page, "vouchers-e2e-gift-used");
    expect(page.errors).toEqual([]);
  });
});
