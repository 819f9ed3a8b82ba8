import { describe, expect, test } from "vitest";
import { AREAS } from "@xiangyu/functions/manifest";
import { splitKey } from "@xiangyu/functions/http/define";
import { apiPathPatterns } from "../stacks/cdnPaths.ts";

/** CloudFront's path-pattern matching: `*` any run of characters (slashes too), `?` one. */
const matches = (pattern: string, path: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".")}$`,
  ).test(path);

/** A concrete request path for a route path: parameters filled in, greedy ones with slashes. */
const sample = (path: string) => path.replace(/\{[^}]+\+\}/g, "a/b.png").replace(/\{[^}]+\}/g, "x1");

const routeKeys = Object.values(AREAS).flatMap((area) => Object.keys(area.routes));

describe("API path patterns of the console's distribution", () => {
  test("reduce routes to their leading segments up to the first literal one", () => {
    expect(
      apiPathPatterns(["POST /gateway/oauth/login", "GET /gateway/api/manage/users/info", "POST /upload", "GET /uploader/files/{key+}", "GET /{product}/api/goods/list"]),
    ).toEqual(["/*/api/*", "/gateway/*", "/upload", "/uploader/*"]);
  });

  test("send every route of the manifest to the API", () => {
    const patterns = apiPathPatterns(routeKeys);
    for (const key of routeKeys) {
      const path = sample(splitKey(key).path);
      expect(
        patterns.some((p) => matches(p, path)),
        key,
      ).toBe(true);
    }
  });

  test("leave the console's pages and assets to the console", () => {
    const patterns = apiPathPatterns(routeKeys);
    for (const path of ["/", "/index.html", "/login", "/organization", "/chinaareamanage", "/oplog", "/noRight", "/assets/index-3f2a.js"]) {
      expect(
        patterns.filter((p) => matches(p, path)),
        path,
      ).toEqual([]);
    }
  });

  test("refuse a route CloudFront could not tell from a console page", () => {
    expect(() => apiPathPatterns(["GET /{anything}"])).toThrow(/no literal segment/);
  });

  test("refuse more prefixes than a distribution has behaviors", () => {
    const many = Array.from({ length: 25 }, (_, i) => `GET /prefix${i}/list`);
    expect(() => apiPathPatterns(many)).toThrow(/exceed/);
  });
});
