import { describe, expect, inject, it } from "vitest";
import { browserForFile, screenshot } from "./browser.ts";
import { audit, report } from "./axe.ts";
import { ADMIN } from "./fixtures/users.ts";
import { SCREEN_PATHS, openByPath } from "./registry.ts";

/**
 * Accessibility basics (issue 12): axe-core finds no serious or critical violation on the homepage,
 * on any built screen (every path of the registry in web/src/app/screens.ts), on a list's form
 * dialog, or with the menu folded. One page walks every screen by its hash, as staff move through
 * the menu, so the whole run stays short.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

describe("accessibility", () => {
  it("finds no serious or critical axe violation on any built screen", { timeout: 180_000 }, async () => {
    expect(SCREEN_PATHS.length).toBeGreaterThan(10);
    const page = await loggedIn(ADMIN);
    await page.getByRole("heading", { name: new RegExp(`，${ADMIN.realname}$`) }).waitFor();
    const problems: string[] = report("/homepage", await audit(page));

    for (const path of SCREEN_PATHS) {
      await openByPath(page, path);
      problems.push(...report(path, await audit(page)));
    }

    // A list's form dialog (the hotel form: fields, uploader, editor).
    await openByPath(page, "/hotel/hotel?hotelType=1");
    await page.getByRole("button", { name: "新增酒店" }).click();
    const close = page.getByRole("dialog").getByRole("button", { name: "关闭" });
    await close.waitFor();
    problems.push(...report("/hotel/hotel dialog", await audit(page)));
    await close.click();
    await close.waitFor({ state: "detached" });

    // The folded menu.
    await page.getByRole("button", { name: "收起菜单" }).click();
    problems.push(...report("folded menu", await audit(page)));
    await screenshot(page, "a11y-folded-menu");
    await page.getByRole("button", { name: "展开菜单" }).click();

    if (problems.length) console.log(problems.join("\n"));
    expect(problems).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});
