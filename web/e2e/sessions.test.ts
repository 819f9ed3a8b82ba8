import { describe, expect, inject, it } from "vitest";
import { browserForFile, openScreen, screenshot } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * Sign-in security as the administrator sees it (issue 13): the demo cashier signs in in a browser
 * of their own; the administrator finds the session under 系统 › 在线用户 and forces it out after the
 * confirmation; the cashier's next request answers 401 and their console lands on the login page.
 * The sign-in is in 系统 › 登录日志 with its address and browser.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);
const CASHIER = { username: "cashier", password: "Staff@2026x" } as const;

describe("sessions", () => {
  it("forces the cashier's session out: their console returns to the login page", { timeout: 240_000 }, async () => {
    const cashier = await loggedIn(CASHIER);
    await cashier.getByRole("navigation", { name: "功能菜单" }).getByRole("button", { name: "财务管理", exact: true }).waitFor();
    const admin = await loggedIn(ADMIN);

    await openScreen(admin, "系统", "在线用户");
    // Newest first: the cashier's row on top is the session just opened.
    const row = admin.getByRole("row").filter({ hasText: "天河收银（cashier）" }).first();
    await row.waitFor();
    await expect.poll(() => admin.getByRole("row").filter({ hasText: "当前会话" }).count()).toBe(1);
    await screenshot(admin, "sessions-online");
    await row.getByRole("button", { name: "强制退出：cashier" }).click();
    const dialog = admin.getByRole("dialog", { name: "强制退出" });
    await dialog.getByText("确定强制「天河收银（cashier）」退出登录吗？该会话将立即失效。").waitFor();
    await screenshot(admin, "sessions-confirm");
    await dialog.getByRole("button", { name: "确定" }).click();
    await expect.poll(() => admin.getByRole("row").filter({ hasText: "天河收银（cashier）" }).count(), { timeout: 15_000 }).toBe(0);

    // The cashier's next request is refused: back to the login page.
    await cashier.reload();
    await cashier.waitForURL((u) => u.hash.startsWith("#/login"), { timeout: 20_000 });
    await screenshot(cashier, "sessions-cashier-signed-out");

    // The login log shows both sign-ins, newest first, from this browser.
    await openScreen(admin, "系统", "登录日志");
    const first = admin.getByRole("row").nth(1);
    await expect.poll(() => first.textContent()).toContain("系统管理员（admin）");
    expect(await first.textContent()).toContain("成功");
    await admin.getByRole("row").filter({ hasText: "天河收银（cashier）" }).first().waitFor();
    await screenshot(admin, "sessions-loginlog");
    expect(admin.errors).toEqual([]);
  });
});
