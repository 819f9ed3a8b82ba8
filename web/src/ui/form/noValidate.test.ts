import { describe, expect, it } from "vitest";

/**
 * Every form of the console sets noValidate: the app's own Chinese messages are the only ones shown,
 * never the browser's bubbles in the browser's language (an English browser says "Please fill out
 * this field." over 部分必填项没填写). Read from the sources so a new screen's form cannot forget it.
 */
const sources = import.meta.glob(["../../**/*.tsx", "!../../**/*.test.tsx"], { query: "?raw", import: "default", eager: true }) as Record<string, string>;

describe("forms", () => {
  it("are read from every screen and block", () => {
    expect(Object.keys(sources).some((f) => f.endsWith("/EditForm.tsx"))).toBe(true);
    expect(Object.keys(sources).some((f) => f.includes("/areas/orders/"))).toBe(true);
  });

  it("all set noValidate", () => {
    const missing: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const m of text.matchAll(/<form\b[^>]*>/g)) if (!/\bnoValidate\b/.test(m[0])) missing.push(`${file}: ${m[0].slice(0, 80)}`);
    }
    expect(missing).toEqual([]);
  });
});
