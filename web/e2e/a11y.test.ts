import { describe, expect, inject, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { browserForFile, screenshot, screenTitle, settled } from "./browser.ts";
import { audit, report } from "./axe.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * Accessibility basics (issue 12): axe-core finds no serious or critical violation on the homepage,
 * on any built screen (every path of the registry in web/src/app/screens.ts), on a list's form
 * dialog, or with the menu folded. One page walks every screen by its hash, as staff move through
 * the menu, so the whole run stays short.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

/**
 * The registry's paths, read from every area's screens.ts (web/src/areas/<area>/screens.ts, where a
 * path is written `"/path": [`): importing them would pull the console's modules into Node.
 */
const AREAS_DIR = join(import.meta.dirname, "../src/areas");
const PATHS = readdirSync(AREAS_DIR)
  .filter((area) => existsSync(join(AREAS_DIR, area, "screens.ts")))
  .flatMap((area) => [...readFileSync(join(AREAS_DIR, area, "screens.ts"), "utf8").matchAll(/^\s+"(\/[^"]+)": \[/gm)].map((m) => m[1]));

async function open(page: Page, path: string) {
  await page.evaluate((p) => (window.location.hash = p), `#${path}`);
  await page.waitForFunction((p) => window.location.hash.startsWith(`#${p}`), path);
  await screenTitle(page).waitFor();
  await settled(page);
}

describe("accessibility", () => {
  it("finds no serious or critical axe violation on any built screen", { timeout: 180_000 }, async () => {
    expect(PATHS.length).toBeGreaterThan(10);
    const page = await loggedIn(ADMIN);
    await page.getByRole("heading", { name: new RegExp(`，${ADMIN.realname}$`) }).waitFor();
    const problems: string[] = report("/homepage", await audit(page));

    for (const path of PATHS) {
      await open(page, path);
      problems.push(...report(path, await audit(page)));
    }

    // A list's form dialog (the hotel form: fields, uploader, editor).
    await open(page, "/hotel/hotel?hotelType=1");
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
