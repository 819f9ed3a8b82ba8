import { describe, expect, it } from "vitest";
import { colorsOf, colorVars, DEFAULT_COLORS } from "./tenant.ts";

describe("tenant colours", () => {
  it("uses the tenant's colours and the defaults where it has none", () => {
    const c = colorsOf({ headerBgcolor: "#c62c24", leftMenuBgcolor: "" });
    expect(c.headerBgcolor).toBe("#c62c24");
    expect(c.leftMenuBgcolor).toBe(DEFAULT_COLORS.leftMenuBgcolor);
    expect(c.loginColor).toBe(DEFAULT_COLORS.loginColor);
  });

  it("ignores a value that is not a colour (it would end up in a style attribute)", () => {
    expect(colorsOf({ headerBgcolor: "red; background:url(x)" }).headerBgcolor).toBe(DEFAULT_COLORS.headerBgcolor);
    expect(colorsOf(undefined)).toEqual(DEFAULT_COLORS);
  });

  it("exposes them as the frame's CSS variables", () => {
    expect(colorVars(DEFAULT_COLORS)).toMatchObject({ "--xy-header-bg": DEFAULT_COLORS.headerBgcolor, "--xy-menu-active-fg": DEFAULT_COLORS.leftMenuSelecteFontcolor });
  });
});
