import { describe, expect, inject, it } from "vitest";
import { browserForFile, openMenu, screenshot, screenTitle, settled, toastShown } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * Official-account binding end to end through the sandbox WeChat (R504–R510): the binding page's
 * follow and authorise QR codes; the authorise address opened "on the phone" (a page without a
 * session) goes through the landing page to the sandbox's scan page, which plays WeChat's OAuth and
 * sends it back with a code; the landing page binds and says 已成功绑定微信公众号; the binding page,
 * polling, refreshes the login and shows the bound openid.
 */
const baseURL = inject("baseURL");
const { loggedIn, freshPage } = browserForFile(baseURL);

describe("official-account binding", () => {
  it("binds through the sandbox's scan page and shows the bound id", { timeout: 180_000 }, async () => {
    const staff = await loggedIn(ADMIN);
    await openMenu(staff, "平台配置", "绑定公众号");
    await expect.poll(() => screenTitle(staff).textContent()).toBe("绑定公众号");
    await settled(staff);
    // Bound already (another test of this run bound the administrator): rebinding asks first (R505).
    await staff
      .getByRole("img", { name: "关注公众号二维码" })
      .or(staff.getByRole("button", { name: "重新绑定" }))
      .first()
      .waitFor();
    if (await staff.getByTestId("bound-openid").count()) {
      await staff.getByRole("button", { name: "重新绑定" }).click();
      await staff.getByRole("dialog", { name: "重新绑定" }).getByRole("button", { name: "重新绑定" }).click();
    }
    await staff.getByRole("img", { name: "关注公众号二维码" }).waitFor();
    await screenshot(staff, "oa-binding-follow");
    await staff.getByRole("button", { name: "已关注，下一步" }).click();
    await staff.getByRole("img", { name: "授权绑定二维码" }).waitFor();
    await screenshot(staff, "oa-binding-authorise");
    const href = await staff.getByTestId("authorise-link").getAttribute("href");
    expect(href).toMatch(/#\/weixinauth\?bindingKey=xiangyu\.[0-9a-f]{32}&weixinAppId=/);

    // The phone: no session. The landing page without a code goes to the (sandbox) OAuth address.
    const phone = await freshPage();
    await phone.goto(href!);
    await phone.waitForURL(/\/sandbox\/wechat\/scan\?/);
    const openId = `oE2e${Date.now().toString(36)}`;
    await phone.getByLabel("扫码人（沙箱 openid）").fill(openId);
    await screenshot(phone, "oa-sandbox-scan");
    await phone.getByRole("button", { name: "确认授权" }).click();
    await phone.getByRole("status").filter({ hasText: "已成功绑定微信公众号" }).waitFor();
    expect(new URL(phone.url()).searchParams.get("code")).toMatch(/^sbx\./);
    await screenshot(phone, "oa-landing-bound");

    // The binding page's poll (every 3 s) sees it, refreshes the login and shows the bound id.
    await toastShown(staff, "已成功绑定公众号");
    await expect.poll(() => staff.getByTestId("bound-openid").textContent(), { timeout: 20_000 }).toBe(openId);
    await staff.getByRole("button", { name: "重新绑定" }).waitFor();
    await screenshot(staff, "oa-binding-bound");

    // The same key again (the landing page reloaded): single use, 绑定公众号失败.
    await phone.reload();
    await phone.getByRole("status").filter({ hasText: "绑定公众号失败" }).waitFor();
    await screenshot(phone, "oa-landing-failed");

    // Rebinding asks first, then starts over with the follow QR (R505).
    await staff.getByRole("button", { name: "重新绑定" }).click();
    await staff.getByRole("dialog", { name: "重新绑定" }).getByRole("button", { name: "重新绑定" }).click();
    await staff.getByRole("img", { name: "关注公众号二维码" }).waitFor();
    expect(staff.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });
});
