import { describe, expect, it } from "vitest";
import { screen, SCREENS } from "./screens.ts";

describe("the screen registry", () => {
  it("resolves every registered path to a screen component", async () => {
    for (const [path, { load }] of Object.entries(SCREENS)) {
      const m = await load();
      expect(typeof m.default, path).toBe("function");
    }
  });

  it("fails loudly for a screen file that does not exist", async () => {
    await expect(screen("org", "NoSuchScreen").load()).rejects.toThrow("页面不存在：areas/org/NoSuchScreen.tsx");
  });

  it("gives each list screen's first list a route of the contract", () => {
    const lists = Object.entries(SCREENS).filter(([, e]) => e.list);
    expect(lists.map(([path]) => path)).toEqual(expect.arrayContaining(["/hotel/hotel", "/hotel/hotelstatus", "/holidayset"]));
    for (const [path, e] of lists) expect(e.list!.route, path).toMatch(/^(GET|POST) \//);
  });
});
