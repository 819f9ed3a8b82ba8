import type { ScreenEntry } from "./screen/entry.ts";

export { SCREEN_SEARCH, type ScreenEntry, type SearchSchema } from "./screen/entry.ts";

/**
 * The screen registry: menu path → screen, gathered from every area's `screens.ts`
 * (web/src/areas/<area>/screens.ts), each area's screens loaded on first use as one chunk (its
 * `chunk.ts`). A new area adds its folder and nothing here; a new screen of an area is one line in
 * its area's screens.ts. A menu path without a screen shows "该功能正在建设中" under its real title.
 */
const areas = import.meta.glob<{ default: Record<string, ScreenEntry> }>("../areas/*/screens.ts", { eager: true });

function gather(): Record<string, ScreenEntry> {
  const out: Record<string, ScreenEntry> = {};
  for (const [file, m] of Object.entries(areas))
    for (const [path, entry] of Object.entries(m.default)) {
      // Two areas claiming one menu path would open whichever loaded last.
      if (out[path]) throw new Error(`${path} is registered twice (${file})`);
      out[path] = entry;
    }
  return out;
}

export const SCREENS: Record<string, ScreenEntry> = gather();
