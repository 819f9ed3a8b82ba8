import { describe, expect, inject, it } from "vitest";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { browserForFile, logIn, openMenu, screenTitle, sessionToken, settled, toastShown, type WatchedPage } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";
import { smallPng } from "./fixtures/hotelsPicture.ts";

/**
 * A second business, signed up from the console (issue 14): the platform operator creates a tenant
 * in 平台租户 with its own domain, colours and logo; that domain's login page shows the new tenant's
 * branding and signs in with its clientId; its first administrator must change the initial password,
 * signs in again with the new one and finds an empty tenant in its own colours. The platform's own
 * account does not sign in there, and a platform token carried over is refused.
 *
 * On one machine a tenant's domain is `<clientId>.localhost`: Chromium resolves every `*.localhost`
 * to this machine (docs/decisions.md "The login page picks its tenant by domain").
 */
const baseURL = inject("baseURL");
const { freshPage, loggedIn } = browserForFile(baseURL);

// Beside the other browser tests' screenshots (browser.ts), in a folder of its own.
const SHOTS = join(import.meta.dirname, "screenshots", "tenantlogin");
mkdirSync(SHOTS, { recursive: true });
const shot = (page: WatchedPage, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

const HEADER_BG = "#7a1f5c";
const LOGIN_COLOR = "#0f5132";
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

describe("tenants", () => {
  it(
    "creates a tenant whose administrator signs in on its own login page, changes the initial password and sees an empty tenant in its branding",
    { timeout: 300_000 },
    async () => {
      const clientId = `e2e${Date.now().toString(36)}`;
      const systemName = `云栖度假${clientId.slice(-4)}`;
      const mobile = `136${String(Date.now() % 1e8).padStart(8, "0")}`;
      const initial = "Initial#2026x";
      const chosen = "Yunqi#2026Own";
      const port = new URL(baseURL).port;
      const tenantURL = `http://${clientId}.localhost:${port}`;

      // The operator creates it.
      const op = await loggedIn(ADMIN);
      await openMenu(op, "平台配置", "平台租户");
      await expect.poll(() => screenTitle(op).textContent()).toBe("平台租户");
      await settled(op);
      await op.getByRole("button", { name: "新增租户" }).click();
      const form = op.getByRole("dialog", { name: "新增租户" });
      await form.getByLabel("租户ID").fill(clientId);
      await form.getByLabel("租户密码").fill(`${clientId}-secret`);
      await form.getByLabel("平台名称").fill(systemName);
      await form.getByLabel("绑定域名").fill(`${clientId}.localhost`);
      await form.getByLabel("管理员手机号").fill(mobile);
      await form.getByLabel("管理员初始密码").fill(initial);
      await form.getByRole("radio", { name: "启用", exact: true }).check();
      await form
        .getByTestId("image-file")
        .first()
        .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: smallPng([122, 31, 92], 48) });
      await form.getByRole("img", { name: "图片1" }).waitFor();
      await form.getByLabel("版权信息").fill(`© ${systemName}`);
      await form.getByLabel("登录页主色", { exact: true }).fill(LOGIN_COLOR);
      await form.getByLabel("顶栏背景色", { exact: true }).fill(HEADER_BG);
      await shot(op, "01-operator-new-tenant");
      await form.getByRole("button", { name: "保存" }).click();
      await toastShown(op, "保存成功");
      await op.getByRole("row").filter({ hasText: clientId }).waitFor();
      await shot(op, "02-operator-tenant-list");
      const platformToken = await sessionToken(op);

      // Its login page, on its domain: its name, logo, colour and copyright.
      const page = await freshPage();
      await page.goto(`${tenantURL}/#/login`);
      await page.getByRole("heading", { name: systemName }).waitFor();
      await page.getByText(`© ${systemName}`).waitFor();
      const logo = page.locator("#login-title").locator("xpath=..").locator("img");
      await expect.poll(() => logo.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(48);
      expect(await page.getByRole("button", { name: "登 录" }).evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(rgb(LOGIN_COLOR));
      await shot(page, "03-tenant-login-page");

      // The platform's account does not exist here: sign-in goes with this tenant's clientId.
      await page.getByLabel("用户名").fill(ADMIN.username);
      await page.getByLabel("密码", { exact: true }).fill(ADMIN.password);
      await page.getByLabel("密码", { exact: true }).press("Enter");
      await page.locator("form").getByRole("alert").filter({ hasText: "用户名或密码错误" }).waitFor();
      expect(await sessionToken(page)).toBeNull();

      // Its administrator, with the initial password: asked to change it before anything else.
      await page.getByLabel("用户名").fill("");
      await logIn(page, { username: mobile, password: initial });
      const change = page.getByRole("dialog", { name: "首次登录请修改密码" });
      // The dialog's own box is empty (its panel is fixed): wait for what it shows.
      const asked = change.getByText("首次登录请修改密码", { exact: true });
      await asked.waitFor();
      expect(await change.getByRole("button", { name: "取消" }).count()).toBe(0);
      await page.keyboard.press("Escape");
      await expect(asked.isVisible()).resolves.toBe(true);
      await change.getByLabel("原密码").fill(initial);
      // The policy's words come back from the server beside the fields.
      await change.getByLabel("新密码", { exact: true }).fill(`${mobile}a`);
      await change.getByLabel("确认新密码").fill(`${mobile}a`);
      await change.getByRole("button", { name: "保存" }).click();
      await change.getByRole("alert").filter({ hasText: "新密码不能包含手机号" }).waitFor();
      await shot(page, "04-must-change-password");
      await change.getByLabel("新密码", { exact: true }).fill(chosen);
      await change.getByLabel("确认新密码").fill(chosen);
      await change.getByRole("button", { name: "保存" }).click();
      await page.waitForURL((u) => u.hash.startsWith("#/login"));

      // The initial password is over; the new one opens an empty tenant in its own branding.
      await page.getByLabel("用户名").fill(mobile);
      await page.getByLabel("密码", { exact: true }).fill(initial);
      await page.getByLabel("密码", { exact: true }).press("Enter");
      await page.locator("form").getByRole("alert").filter({ hasText: "用户名或密码错误" }).waitFor();
      await logIn(page, { username: "admin", password: chosen });
      await page.getByRole("banner").getByText(systemName).waitFor();
      expect(await page.getByRole("dialog").count()).toBe(0);
      expect(await page.getByRole("banner").evaluate((h) => getComputedStyle(h).backgroundColor)).toBe(rgb(HEADER_BG));
      await expect.poll(() => page.title()).toBe(`首页 - ${systemName}`);
      await shot(page, "05-tenant-home");
      // None of the operator's screens (its folder keeps the tenant's own mini-program and push screens), and none of the platform tenant's data.
      expect(await page.getByText("平台租户", { exact: true }).count()).toBe(0);
      await openMenu(page, "酒店管理", "折扣酒店");
      await settled(page);
      await page.getByText("暂无数据").first().waitFor();
      await shot(page, "06-tenant-empty-hotels");

      // A platform session carried to this tenant's console opens nothing (the appId header names this tenant).
      const carried = await freshPage();
      await carried.goto(`${tenantURL}/#/login`);
      await carried.getByRole("heading", { name: systemName }).waitFor();
      await carried.evaluate((t) => localStorage.setItem("xy.token", t!), platformToken);
      const refused = carried.waitForResponse((r) => r.url().includes("/gateway/api/manage/users/info"));
      await carried.goto(`${tenantURL}/#/homepage`);
      expect((await refused).status()).toBe(403);
      await expect.poll(() => carried.url()).toMatch(/#\/noRight/);
      await shot(carried, "07-other-tenant-token-refused");

      expect([...op.errors, ...page.errors].filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    },
  );
});
