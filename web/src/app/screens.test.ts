import { describe, expect, it } from "vitest";
import { SCREEN_SEARCH, SCREENS } from "./screens.ts";
import { screensOf } from "./screen/entry.ts";

describe("the screen registry", () => {
  // Loading every area transforms the whole console on first use: slow on a busy 2-core machine.
  it("resolves every registered path to a screen component", { timeout: 60_000 }, async () => {
    for (const [path, { load }] of Object.entries(SCREENS)) {
      const m = await load();
      expect(typeof m.default, path).toBe("function");
    }
  });

  it("gives every entry the search schema of its address: its first list's filters, else the generic one", () => {
    const hotel = SCREENS["/hotel/hotel"].search;
    expect(hotel).not.toBe(SCREENS["/organization"].search);
    expect(SCREENS["/organization"].search).toBe(SCREEN_SEARCH);
  });

  it("fails loudly for a screen file that does not exist", async () => {
    const entry = screensOf("org", () => import("../areas/org/chunk.ts"), { "/nowhere": ["NoSuchScreen"] })["/nowhere"]!;
    await expect(entry.load()).rejects.toThrow("页面不存在：areas/org/NoSuchScreen.tsx");
  });

  it("gathers every area's screens, the page designer's included", () => {
    expect(Object.keys(SCREENS).length).toBeGreaterThanOrEqual(56);
    expect(Object.keys(SCREENS)).toEqual(expect.arrayContaining(["/organization", "/hotel/hotel", "/goods/goods", "/custompage", "/finance/splitbill"]));
  });

  it("gives each list screen's first list a route of the contract", () => {
    const lists = Object.entries(SCREENS).filter(([, e]) => e.list);
    expect(lists.map(([path]) => path)).toEqual(expect.arrayContaining(["/hotel/hotel", "/hotel/hotelstatus", "/holidayset"]));
    for (const [path, e] of lists) expect(e.list!.route, path).toMatch(/^(GET|POST) \//);
  });
});
