import { describe, expect, inject, it } from "vitest";
import { browserForFile, openMenu, screenshot, screenTitle, settled, toastShown, type WatchedPage } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * 小程序管理 (R488–R503) as the tenant's administrator: a new mini-program through the basic settings,
 * the three-step account configuration refusing a partly filled receiver (请完善集团分账信息) and
 * then saving, the OPENID lookup's answer for a mobile that never used it, the switch and the delete.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

async function open(page: WatchedPage) {
  await openMenu(page, "平台配置", "小程序管理");
  await expect.poll(() => screenTitle(page).textContent()).toBe("小程序管理");
  await settled(page);
}

describe("mini-programs", () => {
  it("creates, configures, looks up an OPENID, switches off and deletes a mini-program", { timeout: 240_000 }, async () => {
    const stamp = Date.now().toString(36);
    const appId = `wxe2e${stamp}`;
    const name = `享域${stamp.slice(-4)}`;
    const page = await loggedIn(ADMIN);
    await open(page);

    await page.getByRole("button", { name: "新增小程序" }).click();
    const form = page.getByRole("dialog", { name: "新增小程序" });
    await form.getByRole("button", { name: "保存" }).click();
    await form.getByText("小程序AppId不能为空").waitFor();
    await form.getByLabel("小程序AppId").fill(appId);
    await form.getByLabel("小程序名称").fill(`  ${name}  `);
    await form.getByRole("button", { name: "所属门店", exact: true }).click();
    await form.getByRole("option", { name: "华南分公司" }).click();
    await form.getByRole("option", { name: "广州天河店" }).click();
    await form.getByLabel("菜单编码").fill("home");
    await form.getByLabel("首页视频").fill("https://v.example.com/a.avi");
    await form.getByLabel("菜单编码").click();
    await form.getByText("视频只支持.mp4、.3gp、.m3u8格式").waitFor();
    await form.getByLabel("首页视频").fill("https://v.example.com/a.mp4");
    await form.getByLabel("购买提示").fill("购买后七天内可退");
    await screenshot(page, "mp-basic");
    await form.getByRole("button", { name: "保存" }).click();
    await toastShown(page, "保存成功");
    const row = page.getByRole("row").filter({ hasText: appId });
    await row.waitFor();
    expect(await row.textContent()).toContain(name);
    expect(await row.textContent()).toContain("广州天河店");
    await screenshot(page, "mp-list");

    // 账户配置: three steps; a partly filled receiver is refused with the party's message.
    await page.getByRole("button", { name: `账户配置：${name}` }).click();
    const cfg = page.getByRole("dialog", { name: "账户配置" });
    await cfg.getByLabel("AppSecret").fill("e2e-app-secret");
    await screenshot(page, "mp-config-1");

    // The OPENID lookup of a mobile that never signed in through this mini-program.
    await cfg.getByRole("button", { name: "查询OPENID" }).click();
    const lookup = page.getByRole("dialog", { name: "查询OPENID" });
    await lookup.getByRole("button", { name: "查询" }).click();
    await toastShown(page, "请先填写手机号码");
    await lookup.getByLabel("手机号码").fill("13800000000");
    await lookup.getByRole("button", { name: "查询" }).click();
    await toastShown(page, "该手机号未注册成为该小程序的用户");
    await screenshot(page, "mp-openid");
    await lookup.getByRole("button", { name: "关闭" }).first().click();

    await cfg.getByRole("button", { name: "下一步" }).click();
    await cfg.getByLabel("商户号").fill("1900000109");
    await cfg.getByLabel("商户名称").fill("享域商户");
    await screenshot(page, "mp-config-2");
    await cfg.getByRole("button", { name: "下一步" }).click();
    await cfg.getByLabel("集团分账类型").selectOption({ label: "商户号" });
    await cfg.getByRole("button", { name: "保存" }).click();
    await toastShown(page, "请完善集团分账信息");
    await cfg.getByLabel("集团分账名称").fill("享域集团");
    await cfg.getByLabel("集团分账账号").fill("1900000001");
    await screenshot(page, "mp-config-3");
    await cfg.getByRole("button", { name: "保存" }).click();
    await toastShown(page, "保存成功");
    await cfg.waitFor({ state: "detached" });

    // Reopened: the secret is not sent back, only that one is stored.
    await page.getByRole("button", { name: `账户配置：${name}` }).click();
    await page.getByRole("dialog", { name: "账户配置" }).getByText("已设置（******），留空则不修改").waitFor();
    await page.getByRole("dialog", { name: "账户配置" }).getByRole("button", { name: "关闭" }).first().click();

    // The switch asks first; then delete.
    await row.getByRole("switch").click();
    await page.getByRole("dialog", { name: "启禁确认" }).getByRole("button", { name: "确定" }).click();
    await toastShown(page, "停用成功");
    await page.getByRole("button", { name: `删除：${name}` }).click();
    await page.getByRole("dialog", { name: "删除确认" }).getByRole("button", { name: "删除" }).click();
    await toastShown(page, "删除成功");
    await row.waitFor({ state: "detached" });
    expect(page.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });
});
