import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { browserForFile, screenshot, type WatchedPage } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";
import { SCREEN_PATHS_BY_AREA, openByPath } from "./registry.ts";

/**
 * Tables that fit (issue 36): at 1280 px every menu entry's screen (every path of the registry, as
 * a11y.test.ts walks them) fits its window — the page never scrolls sideways; a table wider than its
 * box scrolls inside it, with its 操作 column and its first column held in view.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

const WIDTH = 1280;

/**
 * What does not fit on the screen as it is: the page (document or the frame's <main>) scrolling
 * sideways, an 操作 header outside the window, and — with each table box scrolled to its middle and
 * to its end — an 操作 or first header that left its box.
 */
const misfits = (page: Page) =>
  page.evaluate(async (width) => {
    const found: string[] = [];
    const main = document.querySelector("main")!;
    if (document.scrollingElement!.scrollWidth > document.scrollingElement!.clientWidth) found.push(`the page is ${document.scrollingElement!.scrollWidth} px wide`);
    if (main.scrollWidth > main.clientWidth) found.push(`the screen scrolls sideways by ${main.scrollWidth - main.clientWidth} px`);
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    for (const [i, table] of [...main.querySelectorAll("table")].entries()) {
      const heads = [...table.querySelectorAll<HTMLElement>("thead tr:first-child > th")];
      const actions = heads.find((h) => h.textContent?.trim() === "操作");
      const first = heads.find((h) => h.textContent?.trim());
      if (actions && actions.getBoundingClientRect().right > width) found.push(`table ${i}: 操作 ends at ${Math.round(actions.getBoundingClientRect().right)} px`);
      const box = table.parentElement!;
      if (box.scrollWidth <= box.clientWidth) continue;
      for (const at of [(box.scrollWidth - box.clientWidth) / 2, box.scrollWidth]) {
        box.scrollLeft = at;
        await frame();
        const b = box.getBoundingClientRect();
        for (const [name, h] of [
          ["操作", actions],
          ["first column", first],
        ] as const) {
          if (!h) continue;
          const r = h.getBoundingClientRect();
          if (r.left < b.left - 1 || r.right > b.right + 1) found.push(`table ${i} scrolled to ${Math.round(at)}: ${name} header outside its box`);
        }
      }
      box.scrollLeft = 0;
    }
    return found;
  }, WIDTH);

describe("tables that fit", () => {
  let page: WatchedPage;
  let scrolled = 0;
  beforeAll(async () => {
    page = await loggedIn(ADMIN);
    await page.setViewportSize({ width: WIDTH, height: 800 });
  }, 60_000);

  /** Misfits, one line each, with no console error on the way. */
  function expectFits(problems: string[]) {
    if (problems.length) console.log(problems.join("\n"));
    expect(problems).toEqual([]);
    expect(page.errors).toEqual([]);
  }

  it("at 1280 px the homepage fits", async () => {
    await page.getByRole("heading", { name: new RegExp(`，${ADMIN.realname}$`) }).waitFor();
    expectFits((await misfits(page)).map((m) => `/homepage: ${m}`));
  });

  // One test per console area (issue 40: no test walks every screen).
  it.each(SCREEN_PATHS_BY_AREA)("at 1280 px no screen of %s scrolls sideways and every table's 操作 column stays in view", async (_area, paths) => {
    const problems: string[] = [];
    for (const path of paths) {
      await openByPath(page, path);
      problems.push(...(await misfits(page)).map((m) => `${path}: ${m}`));
      scrolled += await page.evaluate(() => [...document.querySelectorAll("main table")].filter((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth).length);
    }
    expectFits(problems);
  });

  it("the walk met wide tables, so the held columns were tried (e.g. 收银复核's)", async () => {
    expect(scrolled).toBeGreaterThan(0);
    await openByPath(page, "/finance/buypassedbycashier");
    await page
      .locator("main table")
      .first()
      .evaluate((t) => (t.parentElement!.scrollLeft = 200));
    await screenshot(page, "overflow-1280-cashier-review");
  });
});
