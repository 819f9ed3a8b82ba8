import { describe, expect, inject, it } from "vitest";
import { browserForFile, screenshot, type WatchedPage } from "./browser.ts";

/**
 * The public website (issue 20) as a visitor sees it, at 1440×900 and on a 390×844 phone: the home
 * page's logo, menu, hot-news carousel (2 a slide on desktop, 1 on a phone) and footer, an inner
 * list with its pager, and the detail page — also readable with JavaScript off.
 */
const baseURL = inject("baseURL");
const { freshPage } = browserForFile(baseURL);

async function at(width: number, height: number): Promise<WatchedPage> {
  const page = await freshPage();
  await page.setViewportSize({ width, height });
  return page;
}

for (const [name, width, height, perSlide] of [
  ["desktop", 1440, 900, 2],
  ["phone", 390, 844, 1],
] as const) {
  describe(`website on a ${name} (${width}×${height})`, () => {
    it("shows home with logo, menu, carousel and footer, then a paged list and a detail page", { timeout: 120_000 }, async () => {
      const page = await at(width, height);
      await page.goto("/site/");
      await page.locator(".carousel .slide").first().waitFor();
      expect(await page.title()).toBe("享域酒店会员俱乐部");
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toContain("享域酒店会员俱乐部");
      await page.getByRole("link", { name: "享域酒店会员俱乐部" }).first().waitFor();
      const menu = page.getByRole("navigation", { name: "网站菜单" });
      for (const entry of ["首页", "关于我们", "新闻资讯", "会员活动", "酒店介绍"]) await menu.getByRole("link", { name: entry }).waitFor();
      expect(await page.locator(".carousel .slide").count()).toBe(perSlide);
      expect(await page.locator("body").getAttribute("class")).toContain(name === "desktop" ? "desktop" : "mobile");
      const footer = page.locator("footer");
      expect(await footer.textContent()).toMatch(/地址：.+电话：400-800-1234.*粤ICP备/s);
      // The theme colour (R599) is the footer's background.
      expect(await footer.evaluate((f) => getComputedStyle(f).backgroundColor)).toBe("rgb(149, 1, 1)");
      await screenshot(page, `website-home-${name}`);

      // The carousel turns by hand (and every 8 s by itself): the next group shows other news.
      const first = await page.locator(".carousel .caption").first().textContent();
      await page.getByRole("button", { name: "下一张" }).click();
      await expect.poll(() => page.locator(".carousel .caption").first().textContent()).not.toBe(first);

      // News list: 10 a page, previous/next (R603).
      await menu.getByRole("link", { name: "新闻资讯" }).click();
      // The list replaces the page in place: wait for the list's own title, then its full page.
      await expect.poll(() => page.title()).toBe("新闻资讯 - 享域酒店会员俱乐部");
      await expect.poll(() => page.locator(".articles li").count()).toBe(10);
      expect(await menu.getByRole("link", { name: "新闻资讯" }).getAttribute("class")).toBe("on");
      await page.getByText("上一页").waitFor();
      await screenshot(page, `website-list-${name}`);
      await page.getByRole("link", { name: "下一页" }).click();
      await page.getByText("第 2 / 2 页").waitFor();
      const titles = await page.locator(".articles h3").allTextContents();
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.join()).not.toContain("草稿");

      // Detail page.
      await page.getByRole("link", { name: "上一页" }).click();
      await page.getByRole("link", { name: "享域海滨度假酒店盛大开业，会员首住享八折" }).first().click();
      await page.locator("article h1").waitFor();
      expect(page.url()).toMatch(/\/site\/information\/view\?functionId=1302&id=\d+$/);
      expect(await page.locator("article h1").textContent()).toBe("享域海滨度假酒店盛大开业，会员首住享八折");
      expect(await page.title()).toBe("享域海滨度假酒店盛大开业，会员首住享八折 - 享域酒店会员俱乐部");
      await page.locator("article .body img").first().waitFor();
      await screenshot(page, `website-detail-${name}`);
      expect(page.errors).toEqual([]);
    });
  });
}

describe("website without JavaScript", () => {
  it("still reads a detail page, with its title and description", { timeout: 60_000 }, async () => {
    const page = await freshPage();
    await page.context().route("**/*.js", (r) => r.abort());
    const list = await (await fetch(`${baseURL}/gateway/api/information/loadListByFunctionId?functionId=1302&domain=127.0.0.1:${new URL(baseURL).port}`)).json();
    const a = list.dataList[0];
    const r = await page.goto(`/site/information/view?functionId=1302&id=${a.id}`);
    expect(r?.status()).toBe(200);
    expect(await page.locator("article h1").textContent()).toBe(a.infoTitle);
    expect(await page.title()).toBe(`${a.infoTitle} - 享域酒店会员俱乐部`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).not.toBe("");
    expect(await page.locator("footer").textContent()).toContain("粤ICP备");
    await screenshot(page, "website-detail-nojs");
  });
});
