import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { browserForFile, openMenu, openPage, screenshot, sessionToken, settled, toastShown as toast } from "./browser.ts";
import { apiCall } from "./api.ts";
import { audit, report } from "./axe.ts";
import { ADMIN } from "./fixtures/users.ts";
import { addDays, dayOfWeek } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";

/**
 * The member H5 (issue 34) on a phone: a new member signs in through the sandbox, binds the mobile
 * of a club client, sees the stored weeks the staff's store shows, books a weekday night paying
 * with weeks (the balance drops by exactly that), staff approve it in the console, the member sees
 * it confirmed and the approval's push is addressed to the member; then a draw and a purchase.
 */
const baseURL = inject("baseURL");
const browser = browserForFile(baseURL);
const PROXY_FN = { functionId: "1704" };
const CLIENTS_FN = { functionId: "2002" };
const PUSH_FN = { functionId: "1110" };

type Store = { membership: { remainingCount: number; remainingFirstHaltCount: number; remainingSecondHaltCount: number } | null };
const weekdayNights = (m: NonNullable<Store["membership"]>) => m.remainingCount * 5 + m.remainingFirstHaltCount;
const tuesdayFrom = (day: string) => {
  let d = day;
  while (dayOfWeek(d) !== 2) d = addDays(d, 1);
  return d;
};

/** Every H5 screen the walk shows is also judged by axe-core: no serious or critical finding. */
const findings: string[] = [];
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  findings.push(...report(name, await audit(page)));
}

describe("the member H5", () => {
  it("signs in, binds, sees weeks, books with weeks, is approved and notified, draws and buys", { timeout: 300_000 }, async () => {
    const staff = await browser.loggedIn(ADMIN);
    const token = (await sessionToken(staff))!;
    const get = async (path: string, fn = PROXY_FN) => (await apiCall(baseURL, token, "GET", path, undefined, fn)).body;

    // A club hotel, a weekday night three weeks ahead, and a club client not yet bound to any member, with weeks.
    const hotels = (await get("/xiangyu/api/hotel/allhotel")).dataList as { id: number; hotelName: string; hotelType: number }[];
    const club = hotels.find((h) => h.hotelName === "享域珠海横琴度假酒店")!;
    const night = tuesdayFrom(addDays(today(), 22));
    const storeOf = async (clientId: number) =>
      (await get(`/xiangyu/api/client/memberstore?clientId=${clientId}&hotelId=${club.id}&checkInDate=${night}&checkOutDate=${addDays(night, 1)}`)).data as Store;
    let client: { id: number; clientName: string; mobile: string } | undefined;
    for (let p = 1; p <= 5 && !client; p++) {
      const list = (await get(`/xiangyu/api/client/memberlist?pageSize=100&currentPage=${p}`, CLIENTS_FN)).dataList as {
        id: number;
        clientName: string;
        mobile: string;
        globalId: string;
      }[];
      for (const c of list.filter((x) => !x.globalId && /^1\d{10}$/.test(x.mobile))) {
        if (((await storeOf(c.id)).membership?.remainingCount ?? 0) >= 1) {
          client = c;
          break;
        }
      }
    }
    expect(client, "the demo has an unbound club client with weeks").toBeTruthy();
    const before = (await storeOf(client!.id)).membership!;

    // The member's phone.
    const context = await staff
      .context()
      .browser()!
      .newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "zh-CN", timezoneId: "Asia/Shanghai" });
    const m = await openPage(context);
    await m.goto("/m/");
    await m.getByRole("button", { name: "微信一键登录" }).click();
    await m.locator('[data-page="home"]').waitFor();
    await m.getByText("订酒店").waitFor();
    await shot(m, "member-home");
    const openid = await m.evaluate(() => localStorage.getItem("xy.member.sandboxOpenid"));

    // Binding the client's mobile (the sandbox's code).
    await m.goto("/m/#/bind");
    await m.getByLabel("手机号").fill(client!.mobile);
    await m.getByRole("button", { name: "获取验证码" }).click();
    await toast(m, "验证码已发送");
    await m.getByLabel("验证码").fill("123456");
    await m.getByRole("button", { name: "绑定", exact: true }).click();
    await m.waitForURL(/#\/membership$/);
    const weeks = m.getByText("剩余周次", { exact: true }).locator("..");
    await expect.poll(() => weeks.textContent()).toBe(`${before.remainingCount}剩余周次`);
    await shot(m, "member-membership");

    // Booking the weekday night with weeks.
    await m.goto(`/m/#/hotel/${club.id}?in=${night}&out=${addDays(night, 1)}`);
    await m.getByRole("button", { name: "预订" }).first().click();
    const sheet = m.getByRole("dialog");
    await sheet.getByText("会员周次").waitFor();
    await sheet.getByLabel("入住人").fill(client!.clientName);
    await sheet.getByLabel("联系电话").fill(client!.mobile);
    await shot(m, "member-book");
    await sheet.getByRole("button", { name: "确认预订" }).click();
    await m.waitForURL(/#\/order\/\d+$/);
    const orderId = Number(/order\/(\d+)$/.exec(m.url())![1]);
    await expect.poll(() => m.locator("[data-status]").textContent()).toBe("待审核");
    expect(weekdayNights((await storeOf(client!.id)).membership!)).toBe(weekdayNights(before) - 1);

    // Staff approve it in 会员酒店订单.
    await openMenu(staff, "订单管理", "会员酒店订单");
    await settled(staff);
    await staff.getByRole("searchbox", { name: "关键字" }).fill(String(orderId));
    await staff.getByRole("button", { name: "查询" }).click();
    await staff.getByRole("button", { name: new RegExp(`^立即处理：${orderId} `) }).click();
    const detail = staff.getByRole("dialog", { name: `订单详情 ${orderId}` });
    await detail.getByRole("button", { name: "审核", exact: true }).click();
    const form = detail.getByRole("form");
    await form.getByLabel("审核通过").check();
    await form.getByRole("button", { name: "提交" }).click();
    await toast(staff, "办理成功");

    // The member sees it confirmed; the approval's message is addressed to the member's openid.
    await m.reload();
    await expect.poll(() => m.locator("[data-status]").textContent()).toBe("预订成功");
    await shot(m, "member-order-approved");
    const pushes = (await get(`/gateway/api/messagepush/list?keyword=${openid}&pageSize=10`, PUSH_FN)).dataList as { touser: string }[];
    expect(pushes.map((p) => p.touser)).toContain(openid);

    // A draw in the running lottery, and the prize among my prizes.
    await m.goto("/m/#/lotteries");
    await m.getByRole("link", { name: /年终会员幸运大抽奖/ }).click();
    await m.getByRole("button", { name: "立即抽奖" }).click();
    const won = m.locator("[data-prize]");
    await won.waitFor();
    const prize = (await won.getAttribute("data-prize"))!;
    await shot(m, "member-lottery");
    await m.goto("/m/#/prizes");
    await m.getByText(prize, { exact: true }).first().waitFor();

    // A goods item bought and paid (the sandbox), in my goods orders.
    await m.goto("/m/#/goods");
    const first = m.getByRole("listitem").first();
    const name = (await first.locator("p").first().textContent())!;
    await first.getByRole("link").click();
    await m.getByRole("button", { name: /¥/ }).and(m.locator(":not([disabled])")).first().click();
    await shot(m, "member-goods-detail");
    await m.getByRole("button", { name: "立即购买" }).click();
    await m.waitForURL(/#\/goods-orders$/);
    await m.getByText(name, { exact: true }).first().waitFor();
    await shot(m, "member-goods-orders");

    for (const path of ["/p/member", "/p/news", "/p/consult", "/bind", `/hotel/${club.id}`, "/hotels", "/orders", "/lotteries", "/prizes", "/goods"]) {
      await m.goto(`/m/#${path}`);
      await m.getByRole("heading").or(m.locator("[data-page]")).first().waitFor();
      await m.waitForFunction(() => !document.querySelector('[role="status"]')?.textContent?.includes("加载中"));
      await shot(m, `member-${path.slice(1).replace(/\//g, "-")}`);
    }
    // The consultation page's form: sent from the phone, read by staff under 表单记录.
    await m.goto("/m/#/p/consult");
    const consultForm = m.locator("form[data-form]");
    await consultForm.getByRole("button", { name: "提交预约" }).click();
    await consultForm.getByRole("alert").getByText("请填写姓名").waitFor();
    await consultForm.getByLabel("姓名").fill("预约测试");
    await consultForm.getByLabel("手机号").fill("13912345678");
    await consultForm.getByRole("radio", { name: "房券" }).check();
    await shot(m, "member-consult-filled");
    await consultForm.getByRole("button", { name: "提交预约" }).click();
    await toast(m, "提交成功");
    const consult = (await apiCall(baseURL, token, "GET", "/gateway/api/custompage/render?code=consult")).body.data as { id: number };
    const entries = (await get(`/gateway/api/manage/custompage/formentries?pageId=${consult.id}&currentPage=1&pageSize=5`, { functionId: "1401" })).dataList as {
      answers: { label: string; value: string }[];
    }[];
    expect(entries[0]?.answers).toEqual(
      expect.arrayContaining([
        { name: "realname", label: "姓名", value: "预约测试" },
        { name: "interest", label: "感兴趣的产品", value: "房券" },
      ]),
    );

    // An article of the news page's list.
    await m.goto("/m/#/p/news");
    const article = m.locator('a[href^="#/article/"]').first();
    await article.waitFor();
    await article.click();
    await m.getByRole("heading", { level: 2 }).waitFor();
    await shot(m, "member-article");
    expect(findings).toEqual([]);
    expect(m.errors).toEqual([]);
    await context.close();
  });
});
