import { describe, expect, it } from "vitest";
import { screen, SCREENS } from "./screens.ts";

describe("the screen registry", () => {
  it("resolves every registered path to a screen component", async () => {
    for (const [path, load] of Object.entries(SCREENS)) {
      const m = await load();
      expect(typeof m.default, path).toBe("function");
    }
  });

  it("fails loudly for a screen file that does not exist", async () => {
    await expect(screen("org", "NoSuchScreen")()).rejects.toThrow("页面不存在：areas/org/NoSuchScreen.tsx");
  });
});
