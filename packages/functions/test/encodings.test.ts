import { describe, expect, it } from "vitest";
import { acceptsCoding } from "../src/http/encodings.ts";

describe("acceptsCoding", () => {
  it("takes a coding the header names, with any weight above 0, in any case", () => {
    expect(acceptsCoding("gzip, deflate, br", "br")).toBe(true);
    expect(acceptsCoding("BR;q=0.5", "br")).toBe(true);
    expect(acceptsCoding("gzip; q=1.0, br ; q=0.1", "br")).toBe(true);
  });

  it("refuses a coding weighted 0, one not named, and a missing header", () => {
    expect(acceptsCoding("br;q=0, gzip", "br")).toBe(false);
    expect(acceptsCoding("br;q=0.000", "br")).toBe(false);
    expect(acceptsCoding("gzip, deflate", "br")).toBe(false);
    expect(acceptsCoding("brotli", "br")).toBe(false);
    expect(acceptsCoding(undefined, "gzip")).toBe(false);
  });
});
