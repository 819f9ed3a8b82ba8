import { describe, expect, inject, it } from "vitest";
import { browserForFile, screenshot } from "./browser.ts";
import { bindThroughScanPage, openBindingPage } from "./oaSteps.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * Official-account binding end to end through the sandbox WeChat (R504–R510): the binding itself
 * (oaSteps.ts, also the first step of oaPush.test.ts), then what only this file checks — the key
 * is single-use (the landing page reloaded says 绑定公众号失败) and rebinding asks first and starts
 * over with the follow QR (R505).
 */
const baseURL = inject("baseURL");
const { loggedIn, freshPage } = browserForFile(baseURL);

describe("official-account binding", () => {
  it("binds through the sandbox's scan page, refuses the key again and rebinds after asking", { timeout: 180_000 }, async () => {
    const staff = await loggedIn(ADMIN);
    await openBindingPage(staff);
    // Bound already (another test of this run bound the administrator): rebinding asks first (R505).
    if (await staff.getByTestId("bound-openid").count()) {
      await staff.getByRole("button", { name: "重新绑定" }).click();
      await staff.getByRole("dialog", { name: "重新绑定" }).getByRole("button", { name: "重新绑定" }).click();
    }
    const phone = await freshPage();
    await bindThroughScanPage(staff, phone, `oE2e${Date.now().toString(36)}`, "oa");

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
