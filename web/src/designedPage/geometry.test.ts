import { describe, expect, it } from "vitest";
import { frameOf, scaleOf, textOn, toPreview } from "./geometry.ts";

describe("designer geometry (R563–R565)", () => {
  it("draws a portrait page 750 wide at 400 px and a landscape page at 1920:1080", () => {
    expect(scaleOf("vertical")).toBeCloseTo(400 / 750);
    expect(toPreview(750, scaleOf("vertical"))).toBe(400);
    // The banner's default height 320 is drawn 320 × 400/750 ≈ 170.7 high (R577).
    expect(toPreview("320", scaleOf("vertical"))).toBe(170.7);
    expect(toPreview("20px", scaleOf("vertical"))).toBe(10.7);
    expect(toPreview("auto", scaleOf("vertical"))).toBeUndefined();
    const land = frameOf("horizontal");
    expect(land.width / land.height).toBeCloseTo(1920 / 1080, 2);
    expect(frameOf("vertical").width).toBe(400);
    expect(toPreview(1920, scaleOf("horizontal"))).toBe(land.width);
  });

  it("chooses text colour by lightness threshold 170", () => {
    expect(textOn("#ffffff")).toBe("#333333");
    // The search bar's default #00BCD4: 0.587×188 + 0.114×212 ≈ 134, dark.
    expect(textOn("#00BCD4")).toBe("#ffffff");
    expect(textOn("#c62c24")).toBe("#ffffff");
    expect(textOn("#ababab")).toBe("#333333"); // 171
    expect(textOn("#a9a9a9")).toBe("#ffffff"); // 169
    expect(textOn(undefined)).toBe("#333333");
  });
});
