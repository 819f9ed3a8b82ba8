import { expect } from "vitest";
import { openScreen, screenshot, toastShown, type WatchedPage } from "./browser.ts";

/** 平台配置 › 绑定公众号, once it shows either the follow QR (not bound) or 重新绑定 (bound). */
export async function openBindingPage(staff: WatchedPage) {
  await openScreen(staff, "平台配置", "绑定公众号");
  await staff
    .getByRole("img", { name: "关注公众号二维码" })
    .or(staff.getByRole("button", { name: "重新绑定" }))
    .first()
    .waitFor();
}

/**
 * An official-account binding through the sandbox WeChat (R504–R510), from the binding page's
 * follow QR: 已关注，下一步 shows the authorise QR; its address opened "on the phone" (`phone`, a
 * page without a session) goes through the landing page to the sandbox's scan page, which plays
 * WeChat's OAuth for `openId` and sends it back with a code; the landing page binds and says
 * 已成功绑定微信公众号; the binding page, polling every 3 s, refreshes the login and shows the bound
 * openid. Returns the landing page's address (a test may open it again). `shots` prefixes the
 * screenshots' names; none are taken without it.
 */
export async function bindThroughScanPage(staff: WatchedPage, phone: WatchedPage, openId: string, shots?: string): Promise<string> {
  const shot = (page: WatchedPage, name: string) => (shots ? screenshot(page, `${shots}-${name}`) : Promise.resolve());
  await staff.getByRole("img", { name: "关注公众号二维码" }).waitFor();
  await shot(staff, "binding-follow");
  await staff.getByRole("button", { name: "已关注，下一步" }).click();
  await staff.getByRole("img", { name: "授权绑定二维码" }).waitFor();
  await shot(staff, "binding-authorise");
  const href = await staff.getByTestId("authorise-link").getAttribute("href");
  expect(href).toMatch(/#\/weixinauth\?bindingKey=xiangyu\.[0-9a-f]{32}&weixinAppId=/);

  // The phone: no session. The landing page without a code goes to the (sandbox) OAuth address.
  await phone.goto(href!);
  await phone.waitForURL(/\/sandbox\/wechat\/scan\?/);
  await phone.getByLabel("扫码人（沙箱 openid）").fill(openId);
  await shot(phone, "sandbox-scan");
  await phone.getByRole("button", { name: "确认授权" }).click();
  await phone.getByRole("status").filter({ hasText: "已成功绑定微信公众号" }).waitFor();
  expect(new URL(phone.url()).searchParams.get("code")).toMatch(/^sbx\./);
  await shot(phone, "landing-bound");

  // The binding page's poll sees it, refreshes the login and shows the bound id.
  await toastShown(staff, "已成功绑定公众号");
  await expect.poll(() => staff.getByTestId("bound-openid").textContent(), { timeout: 20_000 }).toBe(openId);
  await staff.getByRole("button", { name: "重新绑定" }).waitFor();
  await shot(staff, "binding-bound");
  return href!;
}
