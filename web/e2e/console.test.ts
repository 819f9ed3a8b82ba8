import { beforeAll, describe, expect, inject, it } from "vitest";
import { MENU } from "@xiangyu/core/platform/standardMenu";
import { browserForFile, logIn, openMenu, screenshot, screenTitle, sessionToken, settled, type WatchedPage } from "./browser.ts";
import { apiCall, apiLogin, menuEntries } from "./api.ts";
import { ADMIN, LIMITED_USER } from "./fixtures/users.ts";

const baseURL = inject("baseURL");
const { freshPage, loggedIn } = browserForFile(baseURL);

/** The product menu's folders (platform/standardMenu.ts), each walked by its own test. */
const MENU_FOLDERS = MENU.filter((m) => m.fatherid === 0).map((m) => m.typename);

const treeItem = (page: WatchedPage, name: string) => page.getByRole("treeitem", { name, exact: true });

/** What the server holds below a first-level department (checked behind the page's back). */
async function storesOf(token: string | null, branch: string): Promise<string[]> {
  const list = async (parentId: number) =>
    (await apiCall(baseURL, token!, "GET", `/gateway/api/organization/list?orgType=dept&parentId=${parentId}`, undefined, { functionId: "1201" })).body.dataList as {
      id: number;
      orgName: string;
    }[];
  const parent = (await list(0)).find((n) => n.orgName === branch)!;
  return (await list(parent.id)).map((n) => n.orgName);
}

/** Console errors other than the refused requests a test provokes on purpose. */
const unexpected = (page: WatchedPage, ...statuses: number[]) => page.errors.filter((e) => !statuses.some((s) => e.includes(`status of ${s}`)));

describe("the console frame", () => {
  it("asks for login on a deep link and then opens the screen it pointed to", async () => {
    const page = await freshPage();
    await page.goto("/#/oplog?functionId=2501");
    await page.waitForURL(/#\/login\?redirect=/);
    await page.getByRole("button", { name: "登 录" }).waitFor();
    await expect(page.getByRole("heading", { name: "享域会员管理平台" }).isVisible()).resolves.toBe(true);
    await screenshot(page, "login");

    await logIn(page, ADMIN);
    await expect(screenTitle(page).textContent()).resolves.toBe("操作日志");
    expect(page.url()).toContain("functionId=2501");
    await settled(page);
    await page.waitForTimeout(300);
    await screenshot(page, "list-oplog");

    await page.getByRole("navigation", { name: "功能菜单" }).getByRole("link", { name: "首页" }).click();
    await page.getByRole("heading", { name: new RegExp(`，${ADMIN.realname}$`) }).waitFor();
    await expect(page.getByText("超级管理员").first().isVisible()).resolves.toBe(true);
    // The screen just opened is the first shortcut.
    await expect(page.locator("section", { hasText: "常用功能" }).getByRole("link").first().textContent()).resolves.toContain("操作日志");
    await screenshot(page, "homepage");
    expect(page.errors).toEqual([]);
  });

  it("shows a wrong password's refusal and stays on the login page", async () => {
    const page = await freshPage();
    await page.goto("/#/login");
    await page.getByLabel("用户名").fill("nobody-here");
    await page.getByLabel("密码", { exact: true }).fill("wrong-password");
    await page.getByLabel("密码", { exact: true }).press("Enter");
    await page.locator("[data-kind=error]").first().waitFor();
    expect(page.url()).toContain("#/login");
    expect(await sessionToken(page)).toBeNull();
  });

  // One test per folder, so none nears its timeout on a loaded machine (issue 40).
  describe("every menu entry", () => {
    let entries: Awaited<ReturnType<typeof menuEntries>> = [];
    let page: WatchedPage;
    beforeAll(async () => {
      entries = await menuEntries(baseURL, await apiLogin(baseURL, ADMIN));
      page = await loggedIn(ADMIN);
    }, 60_000);

    it("holds only the product's folders, more than 40 entries in all", () => {
      expect(entries.length).toBeGreaterThan(40);
      expect([...new Set(entries.map((e) => e.folder))].filter((f) => !MENU_FOLDERS.includes(f))).toEqual([]);
    });

    it.each(MENU_FOLDERS)("opens every entry of %s under its title without a console error", async (folder) => {
      const inFolder = entries.filter((e) => e.folder === folder);
      expect(inFolder.length).toBeGreaterThan(0);
      for (const e of inFolder) {
        await openMenu(page, e.folder, e.typename);
        await page.waitForURL((u) => u.hash.includes(`functionId=${e.id}`));
        await expect.poll(() => screenTitle(page).textContent(), { message: `${e.folder} / ${e.typename}` }).toBe(e.typename);
        await settled(page);
        if (e.path === "/lottery") await screenshot(page, "layout-under-construction");
        expect(page.errors, `${e.typename} (${e.path})`).toEqual([]);
      }
    });
  });

  it("adds, edits and deletes an organisation node", async () => {
    const page = await loggedIn(ADMIN);
    await openMenu(page, "组织与区域", "组织架构");
    await treeItem(page, "华南分公司").waitFor();
    expect(await page.getByRole("main").getByRole("button", { name: "删除：华南分公司" }).count()).toBe(1);

    await treeItem(page, "华南分公司").hover();
    await page.getByRole("button", { name: "添加下级：华南分公司" }).click();
    await page.getByText("新增「华南分公司」的下级节点").waitFor();
    await page.getByLabel("名称").fill("佛山禅城店");
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await treeItem(page, "佛山禅城店").waitFor();

    await page.getByRole("button", { name: "佛山禅城店", exact: true }).click();
    await page.getByText("编辑节点").waitFor();
    await expect.poll(() => page.getByLabel("名称").inputValue()).toBe("佛山禅城店");
    await page.getByLabel("名称").fill("佛山顺德店");
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await treeItem(page, "佛山顺德店").waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, "org-tree");
    expect(await storesOf(await sessionToken(page), "华南分公司")).toContain("佛山顺德店");

    await treeItem(page, "佛山顺德店").hover();
    await page.getByRole("button", { name: "删除：佛山顺德店" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "删除", exact: true }).click();
    await page.getByText("删除成功").first().waitFor();
    await expect.poll(() => treeItem(page, "佛山顺德店").count()).toBe(0);
    expect(await storesOf(await sessionToken(page), "华南分公司")).not.toContain("佛山顺德店");
    expect(page.errors).toEqual([]);
  });

  it("shows the menu of a limited user only, and no delete button without the D right", async () => {
    const page = await loggedIn(LIMITED_USER);
    const nav = page.getByRole("navigation", { name: "功能菜单" });
    await nav.getByRole("button").first().waitFor();
    expect(await nav.getByRole("button").allTextContents()).toEqual(["组织与区域", "系统"]);

    await openMenu(page, "组织与区域", "组织架构");
    await expect.poll(() => screenTitle(page).textContent()).toBe("组织架构");
    await treeItem(page, "华南分公司").waitFor();
    // The same tree shows the add buttons (A is held) but no delete button (D is not).
    expect(await page.getByRole("button", { name: "添加下级：华南分公司" }).count()).toBe(1);
    expect(await page.getByRole("main").getByRole("button", { name: /^删除/ }).count()).toBe(0);
    await screenshot(page, "org-tree-without-delete");
    expect(page.errors).toEqual([]);
  });

  it("sends a module the user may not open to /noRight", async () => {
    const page = await loggedIn(LIMITED_USER);
    await page.goto("/#/platformsetting?functionId=1101");
    await page.waitForURL(/#\/noRight/);
    await page.getByText("你没有访问该模块的权限").waitFor();
    await screenshot(page, "noright");
    await page.getByRole("link", { name: "返回首页" }).click();
    await page.waitForURL(/#\/homepage/);
    expect(unexpected(page, 403)).toEqual([]);
  });

  it("lands on login with the notice when the session has ended, and returns after login", async () => {
    const page = await loggedIn(ADMIN);
    await page.getByText("我的账号").waitFor();
    // The home's own reads (the to-dos, the charts' data) are in: an answer of theirs arriving after
    // the logout below would already send the page to login, before the menu is used.
    await page.getByRole("heading", { name: /^待办事项（\d+）$/ }).waitFor();
    await page.getByText("近六个月经营金额").waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label$="正在读取数据"]'));

    // The session ends behind the page's back (logged out elsewhere, or expired on the server).
    const token = await sessionToken(page);
    expect((await apiCall(baseURL, token!, "POST", "/gateway/oauth/logout")).body.code).toBe("200");

    await openMenu(page, "组织与区域", "全国区域");
    await page.waitForURL(/#\/login\?/);
    await page.getByText("登录已过期，请重新登录").waitFor();
    await screenshot(page, "login-expired");

    await logIn(page, ADMIN);
    await expect.poll(() => screenTitle(page).textContent()).toBe("全国区域");
    expect(page.url()).toContain("functionId=1203");
    expect(unexpected(page, 401)).toEqual([]);
  });
});
