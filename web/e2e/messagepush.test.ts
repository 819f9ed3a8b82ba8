import { describe, expect, inject, it } from "vitest";
import { browserForFile, duplicateIds, openScreen, screenshot, toastShown as toast } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * Push templates as staff meet them on 消息推送模板: a template for 酒店订单审核 through its form, an
 * unknown placeholder refused first with the message naming it and the ones allowed. The message a
 * reviewed order then sends, and the push list showing it sent, are oaPush.test.ts's.
 */
const baseURL = inject("baseURL");
const browser = browserForFile(baseURL);

describe("message push templates", () => {
  it("refuses an unknown placeholder, then saves the template for order reviews", { timeout: 120_000 }, async () => {
    const page = await browser.loggedIn(ADMIN);
    await openScreen(page, "平台配置", "消息推送模板");
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
    const row = page.getByRole("row").filter({ hasText: "WX-E2E-REVIEW" });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain("酒店订单审核");
    await screenshot(page, "messagepush-templates");
    expect(await duplicateIds(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});
