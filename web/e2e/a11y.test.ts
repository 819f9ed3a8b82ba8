import { beforeAll, describe, expect, inject, it } from "vitest";
import { browserForFile, screenshot, type WatchedPage } from "./browser.ts";
import { audit, report } from "./axe.ts";
import { ADMIN } from "./fixtures/users.ts";
import { SCREEN_PATHS_BY_AREA, openByPath } from "./registry.ts";

/**
 * Accessibility basics (issue 12): axe-core finds no serious or critical violation on the homepage,
 * on any built screen (every path of the registry in web/src/app/screens.ts), on a list's form
 * dialog, or with the menu folded. One page walks every screen by its hash, as staff move through
 * the menu, so the whole run stays short; each console area is its own test, so none comes near
 * its timeout on a loaded machine (issue 40).
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

/** Axe's findings, one line each, with no console error on the way. */
function expectClean(page: WatchedPage, problems: string[]) {
  if (problems.length) console.log(problems.join("\n"));
  expect(problems).toEqual([]);
  expect(page.errors).toEqual([]);
}

describe("accessibility", () => {
  let page: WatchedPage;
  beforeAll(async () => {
    page = await loggedIn(ADMIN);
  }, 60_000);

  it("finds no serious or critical axe violation on the homepage", async () => {
    await page.getByRole("heading", { name: new RegExp(`，${ADMIN.realname}$`) }).waitFor();
    expectClean(page, report("/homepage", await audit(page)));
  });

  it("walks screens of every console area", () => expect(SCREEN_PATHS_BY_AREA.length).toBeGreaterThan(10));

  it.each(SCREEN_PATHS_BY_AREA)("finds no serious or critical axe violation on the screens of %s", async (_area, paths) => {
    const problems: string[] = [];
    for (const path of paths) {
      await openByPath(page, path);
      problems.push(...report(path, await audit(page)));
    }
    expectClean(page, problems);
  });

  it("finds none on a list's form dialog (the hotel form: fields, uploader, editor)", async () => {
    await openByPath(page, "/hotel/hotel?hotelType=1");
    await page.getByRole("button", { name: "新增酒店" }).click();
    const close = page.getByRole("dialog").getByRole("button", { name: "关闭" });
    await close.waitFor();
    const problems = report("/hotel/hotel dialog", await audit(page));
    await close.click();
    await close.waitFor({ state: "detached" });
    expectClean(page, problems);
  });

  it("finds none with the menu folded", async () => {
    await page.getByRole("button", { name: "收起菜单" }).click();
    const problems = report("folded menu", await audit(page));
    await screenshot(page, "a11y-folded-menu");
    await page.getByRole("button", { name: "展开菜单" }).click();
    expectClean(page, problems);
  });
});
