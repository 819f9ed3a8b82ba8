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
/** The registry's paths per console area, in folder order (walks split per area, so no test walks all of them). */
export const SCREEN_PATHS_BY_AREA: [area: string, paths: string[]][] = readdirSync(AREAS_DIR)
  .filter((area) => existsSync(join(AREAS_DIR, area, "screens.ts")))
  .map((area) => [area, [...readFileSync(join(AREAS_DIR, area, "screens.ts"), "utf8").matchAll(/^\s+"(\/[^"]+)": \[/gm)].map((m) => m[1]!)] as [string, string[]])
  .filter(([, paths]) => paths.length > 0);

/** Opens a screen by its hash, as staff move through the menu, and waits until its data is read. */
export async function openByPath(page: Page, path: string) {
  await page.evaluate((p) => (window.location.hash = p), `#${path}`);
  await page.waitForFunction((p) => window.location.hash.startsWith(`#${p}`), path);
  await screenTitle(page).waitFor();
  await settled(page);
}
