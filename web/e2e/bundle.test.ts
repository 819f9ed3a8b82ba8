import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The console's first load stays small: at most the product's target (packages/local/src/bench/targets.ts,
 * 150,000 bytes gzip) of the JavaScript index.html loads before any screen opens: the entry and its
 * modulepreloads. Screens come in their area chunks, Headless UI in the chunks that use it.
 */
const LIMIT_BYTES = 150_000;
const dist = join(import.meta.dirname, "..", "dist");

function initialScripts(html: string): string[] {
  const refs = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]);
  return [...new Set(refs)];
}

describe("the console's initial JavaScript", () => {
  it(`is at most ${LIMIT_BYTES / 1000} kB gzip`, () => {
    const scripts = initialScripts(readFileSync(join(dist, "index.html"), "utf8"));
    expect(scripts.length).toBeGreaterThan(0);
    const bytes = scripts.reduce((sum, src) => sum + gzipSync(readFileSync(join(dist, src.replace(/^\//, "")))).length, 0);
    console.log(`initial JS: ${scripts.join(", ")} = ${(bytes / 1000).toFixed(1)} kB gzip`);
    expect(bytes).toBeLessThanOrEqual(LIMIT_BYTES);
  });
});
