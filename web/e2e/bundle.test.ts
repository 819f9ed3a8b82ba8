import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The console's first load stays small (issue 3: ≤ 200 KB gzip of the JavaScript index.html loads
 * before any screen opens: the entry and its modulepreloads). Screens come in their area chunks.
 */
const LIMIT_KB = 200;
const dist = join(import.meta.dirname, "..", "dist");

function initialScripts(html: string): string[] {
  const refs = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]);
  return [...new Set(refs)];
}

describe("the console's initial JavaScript", () => {
  it(`is at most ${LIMIT_KB} KB gzip`, () => {
    const scripts = initialScripts(readFileSync(join(dist, "index.html"), "utf8"));
    expect(scripts.length).toBeGreaterThan(0);
    const kb = scripts.reduce((sum, src) => sum + gzipSync(readFileSync(join(dist, src.replace(/^\//, "")))).length, 0) / 1024;
    console.log(`initial JS: ${scripts.join(", ")} = ${kb.toFixed(1)} KB gzip`);
    expect(kb).toBeLessThanOrEqual(LIMIT_KB);
  });
});
