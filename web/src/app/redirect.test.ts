import { describe, expect, it } from "vitest";
import { HOME, safeRedirect } from "./redirect.ts";

describe("safeRedirect", () => {
  it("returns to the screen the user was on", () => {
    expect(safeRedirect("/organization?functionId=1201&orgType=dept")).toBe("/organization?functionId=1201&orgType=dept");
  });

  it("refuses anything outside the console", () => {
    for (const bad of ["https://evil.example/", "//evil.example/x", "/\\evil", "javascript:alert(1)", ""]) expect(safeRedirect(bad)).toBe(HOME);
    expect(safeRedirect(undefined)).toBe(HOME);
  });

  it("never returns to the login page", () => {
    expect(safeRedirect("/login?redirect=%2Fx")).toBe(HOME);
    expect(safeRedirect("/")).toBe(HOME);
  });
});
