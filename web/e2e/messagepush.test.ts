import { describe, expect, inject, it } from "vitest";
import { browserForFile, duplicateIds, openMenu, screenshot, screenTitle, sessionToken, settled, toastShown as toast } from "./browser.ts";
import { apiCall } from "./api.ts";
import { ADMIN } from "./fixtures/users.ts";
import { addDays, dayOfWeek } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";

/**
 * Message push as staff meet it: a push template for 酒店订单审核 made on 消息推送模板 (an unknown
 * placeholder refused first), a club booking of a member bound to the mini-program reviewed on
 * 代客订单, and the message on 消息推送记录 — sent by the push job (the local scheduler runs it every
 * few seconds) through the sandbox WeChat port, whose record shows it too.
 */
const baseURL = inject("baseURL");
const browser = browserForFile(baseURL);
const PROXY_FN = { functionId: "1704" };
const CLIENTS_FN = { functionId: "2002" };

const tuesdayFrom = (day: string) => {
  let d = day;
  while (dayOfWeek(d) !== 2) d = addDays(d, 1);
  return d;
};

describe("message push", () => {
  it("a template for order reviews, a reviewed order, the message sent in the push list", { timeout: 300_000 }, async () => {
    const page = await browser.loggedIn(ADMIN);
    const token = (await sessionToken(page))!;
    const call = async (method: "GET" | "POST", path: string, form?: Record<string, string>, fn = PROXY_FN) => (await apiCall(baseURL, token, method, path, form, fn)).body;

    // The template, through its form.
    await openMenu(page, "平台配置", "消息推送模板");
    await expect.poll(() => screenTitle(page).textContent()).toBe("消息推送模板");
    await settled(page);
    await page.getByRole("button", { name: "新增推送模板" }).click();
    const dialog = page.getByRole("dialog", { name: "新增推送模板" });
    await dialog.getByLabel("模板名称").fill("订单审核通知");
    await dialog.getByLabel("模板代码").fill("WX-E2E-REVIEW");
    await dialog.getByLabel("触发事件").selectOption("orderReviewed");
    await dialog.getByLabel("微信模板").fill('{"first":"${touser}，您的订单已审核","keyword1":"${hotel}"}');
    await dialog.getByRole("button", { name: "保存" }).click();
    await dialog.getByText("微信模板中有未知的占位符：${hotel}（可用：${touser}、${msgTime}、${address}）").first().waitFor();
    await screenshot(page, "messagepush-template-refused");
    await dialog.getByLabel("微信模板").fill('{"first":"${touser}，您的订单已审核","keyword1":"${address}","keyword2":"${msgTime}"}');
    await dialog.getByLabel("短信模板").fill("${touser}您好，您在${address}的订单已审核。");
    await dialog.getByRole("button", { name: "保存" }).click();
    await toast(page, "保存成功");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("cell", { name: "WX-E2E-REVIEW" }).waitFor();
    await screenshot(page, "messagepush-templates");

    // A club booking for a member bound to the mini-program (the message goes to that account on WeChat).
    const hotels = (await call("GET", "/xiangyu/api/hotel/allhotel")).dataList as { id: number; hotelName: string; hotelType: number }[];
    const club = hotels.find((h) => h.hotelType === 1)!;
    const checkIn = tuesdayFrom(addDays(today(), 28));
    const checkOut = addDays(checkIn, 1);
    const rooms = (await call("GET", `/xiangyu/api/hotel/app/rooms?hotelId=${club.id}&checkInDate=${checkIn}&checkOutDate=${checkOut}`)).dataList as { id: number }[];
    let orderId = 0;
    let clientName = "";
    for (let p = 1; p <= 5 && !orderId; p++) {
      const members = (await call("GET", `/xiangyu/api/client/memberlist?pageSize=100&currentPage=${p}`, undefined, CLIENTS_FN)).dataList as {
        id: number;
        clientName: string;
        globalId: string;
      }[];
      for (const m of members.filter((x) => x.globalId)) {
        const r = await call("POST", "/xiangyu/api/order/createhotelorder", {
          clientId: String(m.id),
          hotelId: String(club.id),
          roomId: String(rooms[0]!.id),
          hotelType: "1",
          checkInDate: checkIn,
          checkOutDate: checkOut,
          roomCount: "1",
        });
        if (r.code === "200") {
          orderId = r.data.id;
          clientName = m.clientName;
          break;
        }
      }
    }
    expect(orderId, "a bound member of the demo can book a night with stored weeks").toBeGreaterThan(0);

    // Reviewed on 代客订单, as staff do.
    await openMenu(page, "订单管理", "代客订单");
    await expect.poll(() => screenTitle(page).textContent()).toBe("代客订单");
    await settled(page);
    await page.getByRole("searchbox", { name: "关键字" }).fill(String(orderId));
    await page.getByRole("button", { name: "查询" }).click();
    await page.getByRole("button", { name: new RegExp(`^立即处理：${orderId} `) }).click();
    const detail = page.getByRole("dialog", { name: `订单详情 ${orderId}` });
    await detail.getByLabel("订单状态").waitFor();
    await detail.getByRole("button", { name: "审核", exact: true }).click();
    const form = detail.getByRole("form");
    await form.getByLabel("审核通过").check();
    await form.getByRole("button", { name: "提交" }).click();
    await toast(page, "办理成功");
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });

    // The push list: the message, sent by the scheduled push job (every 5 s locally).
    await openMenu(page, "平台配置", "消息推送记录");
    await expect.poll(() => screenTitle(page).textContent()).toBe("消息推送记录");
    await settled(page);
    const row = page.getByRole("row").filter({ hasText: `${clientName}，您的订单已审核` });
    await expect
      .poll(
        async () => {
          // The list is cached while it stays on screen: a reload reads it again.
          await page.reload();
          await settled(page);
          return (await row.count()) > 0 ? await row.first().textContent() : "";
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toContain("成功");
    // The type's name comes from the pushType list, which may arrive after the rows.
    await expect.poll(() => row.first().textContent()).toContain("微信模板");
    const text = (await row.first().textContent()) ?? "";
    expect(text).toContain(club.hotelName);
    expect(text).toContain("酒店订单审核");
    await screenshot(page, "messagepush-list-sent");
    expect(await duplicateIds(page)).toEqual([]);

    // Filtered to 成功 and 微信模板, it is still there; 失败 shows nothing of it.
    await page.getByRole("combobox", { name: "推送状态" }).selectOption({ label: "成功" });
    await page.getByRole("combobox", { name: "推送方式" }).selectOption({ label: "微信模板" });
    await page.getByRole("button", { name: "查询" }).click();
    await settled(page);
    await row.first().waitFor();
    await page.getByRole("combobox", { name: "推送状态" }).selectOption({ label: "失败" });
    await page.getByRole("button", { name: "查询" }).click();
    await settled(page);
    await expect.poll(() => row.count()).toBe(0);

    // What the sandbox WeChat port recorded as sent.
    await page.getByRole("button", { name: "沙箱发件记录" }).click();
    const sandbox = page.getByRole("dialog", { name: "沙箱发件记录" });
    await sandbox.getByRole("row").filter({ hasText: "WX-E2E-REVIEW" }).first().waitFor();
    await screenshot(page, "messagepush-sandbox");
    expect(page.errors).toEqual([]);
  });
});
