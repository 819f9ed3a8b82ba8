import { describe, expect, inject, it } from "vitest";
import { browserForFile, openScreen, screenshot, toastShown } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * Access administration as staff do it: the administrator adds a cashier (role 收银员 only, in
 * 广州天河店) through the user form; the cashier signs in in another browser and sees only their
 * menus and no add button on the client list; disabling the cashier signs them out at their next
 * request. Forcing one session out from 系统 › 在线用户 is sessions.test.ts.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

describe("users", () => {
  it("creates a cashier who sees only the cashier's menus and is signed out once disabled", { timeout: 240_000 }, async () => {
    const mobile = `137${String(Date.now() % 1e8).padStart(8, "0")}`;
    const password = "Cashier@2026x";
    const admin = await loggedIn(ADMIN);

    await openScreen(admin, "用户管理", "管理用户");
    await admin.getByRole("cell", { name: "系统管理员", exact: true }).waitFor();
    await admin.getByRole("button", { name: "新增用户" }).click();
    const form = admin.getByRole("dialog", { name: "新增用户" });
    await form.getByLabel("手机号码").fill(mobile);
    await form.getByLabel("姓名").fill("测试收银");
    await form.getByLabel("登入密码").fill(password);
    await form.getByRole("button", { name: "部门", exact: true }).click();
    await form.getByRole("option", { name: "华南分公司" }).click();
    await form.getByRole("option", { name: "广州天河店" }).click();
    await form.getByRole("checkbox", { name: "收银员" }).check();
    await screenshot(admin, "users-form");
    await form.getByRole("button", { name: "保存" }).click();
    await toastShown(admin, "保存成功");
    const row = admin.getByRole("row").filter({ hasText: mobile });
    await row.getByRole("cell", { name: "广州天河店", exact: true }).waitFor();

    // The cashier, in a browser of their own.
    const cashier = await loggedIn({ username: mobile, password });
    const nav = cashier.getByRole("navigation", { name: "功能菜单" });
    await nav.getByRole("button", { name: "财务管理", exact: true }).waitFor();
    const folders = (await nav.getByRole("button").allTextContents()).map((t) => t.trim()).filter(Boolean);
    expect(folders.sort()).toEqual(["客户管理", "财务管理"].sort());
    await nav.getByRole("button", { name: "财务管理", exact: true }).click();
    // By accessible name: an entry whose screen is not built yet carries an aria-hidden 建设中 tag in its text.
    await nav.getByRole("link", { name: "收银复核", exact: true }).waitFor();
    expect(await nav.getByRole("link", { name: "财务经理复核", exact: true }).count()).toBe(0);
    await openScreen(cashier, "客户管理", "客户列表");
    await screenshot(cashier, "users-cashier-clients");
    for (const name of ["新增客户", "删除", "客户导入"]) expect(await cashier.getByRole("button", { name, exact: true }).count()).toBe(0);

    // Disabled by the administrator: the cashier's next request answers 401 and they are back at the login page.
    await row.getByRole("button", { name: "编辑：测试收银" }).click();
    const edit = admin.getByRole("dialog", { name: "编辑用户" });
    await edit.getByRole("radio", { name: "禁用" }).check();
    await edit.getByRole("button", { name: "保存" }).click();
    await toastShown(admin, "保存成功");
    await cashier.reload();
    await cashier.waitForURL((u) => u.hash.startsWith("#/login"), { timeout: 20_000 });
    await screenshot(cashier, "users-cashier-signed-out");
    expect(admin.errors).toEqual([]);
  });
});
