import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { screenTitle, settled } from "./browser.ts";

/**
 * Every screen of the console for the walks over all of them (a11y.test.ts, overflow.test.ts): the
 * registry's paths, read from every area's screens.ts (web/src/areas/<area>/screens.ts, where a path
 * is written `"/path": [`) — importing them would pull the console's modules into Node.
 */
const AREAS_DIR = join(import.meta.dirname, "../src/areas");
export const SCREEN_PATHS = readdirSync(AREAS_DIR)
  .filter((area) => existsSync(join(AREAS_DIR, area, "screens.ts")))
  .flatMap((area) => [...readFileSync(join(AREAS_DIR, area, "screens.ts"), "utf8").matchAll(/^\s+"(\/[^"]+)": \[/gm)].map((m) => m[1]!));

/** Opens a screen by its hash, as staff move through the menu, and waits until its data is read. */
export async function openByPath(page: Page, path: string) {
  await page.evaluate((p) => (window.location.hash = p), `#${path}`);
  await page.waitForFunction((p) => window.location.hash.startsWith(`#${p}`), path);
  await screenTitle(page).waitFor();
  await settled(page);
}
