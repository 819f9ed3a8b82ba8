import { describe, expect, inject, it } from "vitest";
import { browserForFile, screenshot, type WatchedPage } from "./browser.ts";

/**
 * The public website (issues 20, 35) as a visitor sees it, at 1440×900 and on a 390×844 phone: the
 * home page's logo, menu, hot-news carousel (2 a slide on desktop, 1 on a phone) and footer, an
 * inner list with its pager, and the detail page — every one rendered by the server (also read
 * with JavaScript off), nothing wider than a 360 px screen, no layout shift.
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
      for (const entry of ["首页", "关于我们", "旗下酒店", "新闻资讯", "会员活动", "酒店介绍"]) await menu.getByRole("link", { name: entry }).waitFor();
      // One markup for both: CSS shows one slide a group on a phone, two on a desktop.
      const slideWidth = await page
        .locator(".carousel .slide")
        .first()
        .evaluate((e) => e.getBoundingClientRect().width);
      const trackWidth = await page.locator(".carousel .track").evaluate((e) => e.clientWidth);
      expect(Math.round(trackWidth / slideWidth)).toBe(perSlide);
      const footer = page.locator("footer");
      expect(await footer.textContent()).toMatch(/地址：.+电话：400-800-1234.*粤ICP备/s);
      // The theme colour (R599) is the footer's background.
      expect(await footer.evaluate((f) => getComputedStyle(f).backgroundColor)).toBe("rgb(149, 1, 1)");
      await screenshot(page, `website-home-${name}`);

      // The carousel turns by hand (and every 8 s by itself): the next group scrolls into view, its dot marked.
      const current = () => page.locator('.carousel .dots button[aria-current="true"]').getAttribute("data-i");
      expect(await current()).toBe("0");
      await page.getByRole("button", { name: "下一张" }).click();
      await expect.poll(current).toBe(String(perSlide));
      await expect.poll(() => page.locator(".carousel .track").evaluate((e) => e.scrollLeft)).toBeGreaterThan(100);
      // Each dot is a 44 px touch target (issue 35).
      const dot = await page.locator(".carousel .dots button").first().boundingBox();
      expect([dot!.width, dot!.height]).toEqual([44, 44]);

      // News list: 10 a page, previous/next (R603).
      await menu.getByRole("link", { name: "新闻资讯" }).click();
      await expect.poll(() => page.title()).toBe("新闻资讯 - 享域酒店会员俱乐部");
      await expect.poll(() => page.locator(".articles li").count()).toBe(10);
      expect(await menu.getByRole("link", { name: "新闻资讯" }).getAttribute("aria-current")).toBe("page");
      // Labels in Chinese: the carousel's `hot` reads 热门.
      expect(await page.locator(".articles .label").allTextContents()).toContain("热门");
      await page.getByText("上一页").waitFor();
      await screenshot(page, `website-list-${name}`);
      await page.getByRole("link", { name: "下一页" }).click();
      await page.getByText("第 2 / 2 页").waitFor();
      const titles = await page.locator(".articles h2").allTextContents();
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.join()).not.toContain("草稿");

      // Detail page.
      await page.getByRole("link", { name: "上一页" }).click();
      await page.getByText("第 1 / 2 页").waitFor();
      await page.getByRole("link", { name: "享域海滨度假酒店盛大开业，会员首住享八折" }).first().click();
      await page.locator("article h1").waitFor();
      expect(page.url()).toMatch(/\/site\/information\/view\?functionId=1302&id=\d+$/);
      expect(await page.locator("article h1").textContent()).toBe("享域海滨度假酒店盛大开业，会员首住享八折");
      expect(await page.title()).toBe("享域海滨度假酒店盛大开业，会员首住享八折 - 享域酒店会员俱乐部");
      await page.locator("article .body img").first().waitFor();
      await screenshot(page, `website-detail-${name}`);

      // The 404 page: a page of the site, with status 404.
      const missing = await page.goto("/site/no-such-page");
      expect(missing?.status()).toBe(404);
      await page.getByRole("heading", { name: "页面不存在" }).waitFor();
      await screenshot(page, `website-404-${name}`);
      expect(page.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    });
  });
}

describe("website on a 360 px phone", () => {
  it("is never wider than the screen, keeps the current menu entry in view, and does not shift", { timeout: 120_000 }, async () => {
    const page = await at(360, 740);
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.shift += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const list = await (await fetch(`${baseURL}/gateway/api/information/loadListByFunctionId?functionId=1302&domain=127.0.0.1:${new URL(baseURL).port}`)).json();
    for (const path of [
      "/site/",
      "/site/information/list?functionId=1302",
      "/site/information/infoview?functionId=1304",
      `/site/information/view?functionId=1302&id=${list.dataList[0].id}`,
      "/site/none",
    ]) {
      await page.goto(path, { waitUntil: "load" });
      await page.waitForTimeout(300);
      const { scrollWidth, clientWidth, shift } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        shift: (window as unknown as { shift: number }).shift,
      }));
      expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth);
      expect(shift, path).toBeLessThanOrEqual(0.02);
      // The current menu entry lies within the screen; every menu entry is a 44 px target.
      if (path !== "/site/none") {
        const on = await page.locator('.menu a[aria-current="page"]').boundingBox();
        expect(on!.x + on!.width, path).toBeLessThanOrEqual(360);
      }
      for (const box of await page.locator(".menu a").evaluateAll((as) => as.map((a) => a.getBoundingClientRect().height))) expect(box).toBeGreaterThanOrEqual(44);
    }
    // The footer's phone line stays on one line.
    const phone = page.locator(".foot .nowrap", { hasText: "电话" });
    const box = await phone.boundingBox();
    expect(box!.height).toBeLessThan(30);
  });
});

describe("the hotels on the website, on a 360 px phone (issue 35)", () => {
  it("opens a hotel from the directory in the menu: nothing wider than the screen, no shift, 44 px targets", { timeout: 120_000 }, async () => {
    const page = await at(360, 740);
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.shift += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const fits = async (what: string) => {
      await page.waitForTimeout(300);
      const { scrollWidth, clientWidth, shift } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        shift: (window as unknown as { shift: number }).shift,
      }));
      expect(scrollWidth, what).toBeLessThanOrEqual(clientWidth);
      expect(shift, what).toBeLessThanOrEqual(0.02);
    };
    await page.goto("/site/");
    await page.getByRole("navigation", { name: "网站菜单" }).getByRole("link", { name: "旗下酒店" }).click();
    await page.getByRole("heading", { level: 1, name: "旗下酒店" }).waitFor();
    expect(page.url()).toMatch(/\/site\/hotels\/list$/);
    await fits("directory");
    expect(await page.locator(".hotel-card").count()).toBeGreaterThan(3);
    for (const h of await page.locator(".filters a").evaluateAll((as) => as.map((a) => a.getBoundingClientRect().height))) expect(h).toBeGreaterThanOrEqual(44);
    await screenshot(page, "website-hotels-phone");
    // By type: the discount hotels only.
    await page.getByRole("navigation", { name: "酒店类型" }).getByRole("link", { name: "折扣酒店" }).click();
    await expect.poll(() => page.url()).toMatch(/type=2$/);
    const first = page.locator(".hotel-card h2").first();
    const name = (await first.textContent())!;
    await first.click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(page.url()).toMatch(/\/site\/hotels\/view\?id=\d+$/);
    await fits("hotel");
    expect(await page.title()).toBe(`${name} - 享域酒店会员俱乐部`);
    const book = page.getByRole("link", { name: "会员预订" });
    expect(await book.getAttribute("href")).toMatch(/^\/m\/#\/hotel\/\d+$/);
    expect((await book.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.getByRole("heading", { name: "客房" }).waitFor();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld["@type"]).toBe("Hotel");
    await screenshot(page, "website-hotel-phone");
  });
});

describe("website without JavaScript", () => {
  it("reads home, a list and a detail page, with their titles and descriptions", { timeout: 60_000 }, async () => {
    const page = await freshPage();
    await page.context().route("**/*.js", (r) => r.abort());
    expect((await page.goto("/site/"))?.status()).toBe(200);
    expect(await page.locator(".carousel .slide").count()).toBeGreaterThan(1);
    expect(await page.locator(".latest .articles li").count()).toBeGreaterThan(0);
    expect((await page.goto("/site/information/list?functionId=1302&page=2"))?.status()).toBe(200);
    await page.getByText("第 2 / 2 页").waitFor();
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
