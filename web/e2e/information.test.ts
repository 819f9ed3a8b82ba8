import { describe, expect, inject, it } from "vitest";
import { browserForFile, openMenu, screenshot, screenTitle, settled } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * The information screens (issue 20): the news list with its filters, the fullscreen editor with
 * its messages, the single-record screen, and the website settings.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

describe("information in the console", () => {
  it("lists news, refuses an empty form, saves an article and shows it on the website", { timeout: 180_000 }, async () => {
    const page = await loggedIn(ADMIN);
    await openMenu(page, "内容管理", "新闻资讯");
    await expect.poll(() => screenTitle(page).textContent()).toBe("新闻资讯");
    await settled(page);
    await page.getByRole("button", { name: /享域海滨度假酒店盛大开业/ }).waitFor();
    await screenshot(page, "information-list");

    await page.getByRole("button", { name: "新增信息" }).click();
    const form = page.getByRole("dialog", { name: "新增信息" });
    await form.locator('input[name="infoTitle"]').waitFor();
    // Fullscreen (R525).
    expect(await page.locator('[data-width="full"]').count()).toBe(1);
    await form.getByRole("button", { name: "保存" }).click();
    await form.getByText("标题不能为空").waitFor();
    const title = `浏览器新闻${Date.now() % 100000}`;
    await form.locator('input[name="infoTitle"]').fill(title);
    await form.locator('input[name="label"]').fill("hot");
    await form.locator('input[name="fromIn"]').fill("测试");
    await form.locator(".ProseMirror").first().click();
    await page.keyboard.type("浏览器写的正文");
    await screenshot(page, "information-edit");
    await form.getByRole("button", { name: "保存" }).click();
    await form.waitFor({ state: "detached" });
    await page.getByRole("button", { name: `编辑：${title}` }).waitFor();

    // Keyword search on the title.
    await page.getByPlaceholder("标题、标签或分类").fill(title);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);

    // The single-record screen.
    await openMenu(page, "内容管理", "单页信息");
    await expect.poll(() => screenTitle(page).textContent()).toBe("单页信息");
    await page.locator('input[name="infoTitle"]').waitFor();
    expect(await page.locator('input[name="infoTitle"]').inputValue()).toBe("关于享域");
    await screenshot(page, "information-single");

    // The website settings.
    await openMenu(page, "内容管理", "网站设置");
    await page.getByRole("table", { name: "网站菜单" }).waitFor();
    expect(await page.locator('input[name="branchname"]').inputValue()).toBe("享域酒店会员俱乐部");
    await screenshot(page, "website-settings");
    expect(page.errors).toEqual([]);
  });
});
