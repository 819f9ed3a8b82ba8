import { describe, expect, test } from "vitest";
import { AREAS } from "@xiangyu/functions/manifest";
import { pathPattern, splitKey } from "@xiangyu/functions/http/define";
import { MAX_CDN_PATTERNS, MAX_ROUTES_PER_API, apiRoutes, cdnMatches, matchRoute, routeRequest, type ApiRoute } from "../stacks/apiRoutes.ts";
import { routePlan, tableRoutes } from "../stacks/Routes.ts";

/** A request path for a route key: each path variable filled with `value`. */
const concrete = (path: string, value: string) => path.replace(/\{\w+\+\}/g, `${value}/${value}`).replace(/\{\w+\}/g, value);

describe("the API's routes (stacks/apiRoutes.ts)", () => {
  const { parts, patterns } = routePlan();
  const table = tableRoutes();

  test("every route key of every area reaches exactly that area's Lambda, through CloudFront's patterns and the API's routes", () => {
    expect(table.length).toBeGreaterThan(250);
    for (const { key, area } of table) {
      const { method, path } = splitKey(key);
      // Variables filled with a plain value and with a literal sibling's name (a variable must not lose to it wrongly).
      for (const value of ["x1", "list", "delete"]) {
        const landed = routeRequest(parts, patterns, method, concrete(path, value));
        expect(landed?.route.area, `${key} (${value})`).toBe(area);
        // And that area's own router answers it (functions' http/app.ts matches the same patterns).
        expect(pathPattern(path).test(concrete(path, value)), key).toBe(true);
      }
    }
  });

  test("no two areas claim one path: a request one area's table answers matches no other area's table", () => {
    for (const { key, area } of table) {
      const { method, path } = splitKey(key);
      const others = table.filter((t) => t.area !== area && splitKey(t.key).method === method && pathPattern(splitKey(t.key).path).test(concrete(path, "x1")));
      expect(
        others.map((o) => `${o.area}: ${o.key}`),
        key,
      ).toEqual([]);
    }
    expect(() =>
      apiRoutes([
        { key: "GET /a/b", area: "one", pinned: false },
        { key: "GET /a/b", area: "two", pinned: false },
      ]),
    ).toThrow("claimed by one and two");
  });

  test("greedy prefixes of one method never nest within an API, so no request can match two of them", () => {
    for (const part of parts) {
      const greedy = part.routes.filter((r) => r.greedy).map((r) => ({ method: r.key.split(" ")[0]!, prefix: r.key.split(" ")[1]!.replace(/\/\{proxy\+\}$/, "") }));
      for (const a of greedy)
        for (const b of greedy) {
          if (a === b || (a.method !== b.method && a.method !== "ANY" && b.method !== "ANY")) continue;
          expect(b.prefix.startsWith(`${a.prefix}/`), `${a.method} ${a.prefix} and ${b.method} ${b.prefix}`).toBe(false);
        }
    }
  });

  test("routes that need their own throttle stay explicit, with their own key", () => {
    const pinned = table.filter((t) => t.pinned);
    expect(pinned.map((p) => p.key)).toEqual(
      expect.arrayContaining(["POST /gateway/oauth/login", "POST /xiangyu/api/client/clientimport", "GET /gateway/oauth/loadWebsiteConfig"]),
    );
    const explicit = new Set(parts.flatMap((p) => p.routes.filter((r) => !r.greedy).map((r) => r.key)));
    for (const p of pinned) expect(explicit.has(p.key), p.key).toBe(true);
  });

  test("each API stays within our limit of 100 routes (AWS's is 300), and CloudFront within its 24 path patterns", () => {
    const report = parts.map((p) => `API ${p.index + 1}: ${p.routes.length} routes, headroom ${MAX_ROUTES_PER_API - p.routes.length}`);
    console.log(`${report.join("; ")}; CloudFront patterns ${patterns.length} of ${MAX_CDN_PATTERNS}`);
    for (const p of parts) expect(p.routes.length, report[p.index]).toBeLessThanOrEqual(MAX_ROUTES_PER_API);
    // Far fewer than one route per call: that is what lets areas be added.
    expect(parts.reduce((n, p) => n + p.routes.length, 0)).toBeLessThan(table.length / 2);
    expect(patterns.length).toBeLessThanOrEqual(MAX_CDN_PATTERNS);
    // Every pattern is a prefix CloudFront can tell from a console page: no variable in it.
    for (const p of patterns) expect(p.pattern, p.pattern).not.toMatch(/[{}]/);
  });

  test("a path no table names reaches no route, or an area that answers 接口不存在 itself", () => {
    expect(routeRequest(parts, patterns, "GET", "/organization/list")).toBeUndefined();
    // A method no table has lands on an ANY greedy route at most: that area's router answers 404.
    const put = routeRequest(parts, patterns, "PUT", "/gateway/oauth/login");
    expect(put === undefined || (put.route.greedy && put.route.key.startsWith("ANY "))).toBe(true);
    if (put) expect(Object.keys(AREAS[put.route.area as keyof typeof AREAS].routes).some((k) => k.startsWith("PUT "))).toBe(false);
  });
});

describe("API Gateway's choice, as matchRoute writes it", () => {
  const set: ApiRoute[] = [
    { key: "ANY /a/{proxy+}", area: "one", greedy: true },
    { key: "GET /a/b", area: "two", greedy: false },
    { key: "GET /a/{id}", area: "three", greedy: false },
    { key: "GET /c/{proxy+}", area: "four", greedy: true },
    { key: "POST /c/{proxy+}", area: "five", greedy: true },
  ];
  test("a full match beats a greedy route; a literal segment beats a variable", () => {
    expect(matchRoute(set, "GET", "/a/b")?.area).toBe("two");
    expect(matchRoute(set, "GET", "/a/z")?.area).toBe("three");
    expect(matchRoute(set, "POST", "/a/b")?.area).toBe("one");
    expect(matchRoute(set, "GET", "/a/b/c")?.area).toBe("one");
  });
  test("greedy routes by method; none for the bare prefix or another method", () => {
    expect(matchRoute(set, "GET", "/c/x")?.area).toBe("four");
    expect(matchRoute(set, "POST", "/c/x/y")?.area).toBe("five");
    expect(matchRoute(set, "GET", "/c")).toBeUndefined();
    expect(matchRoute(set, "PUT", "/c/x")).toBeUndefined();
  });
  test("two greedy routes for one request are refused as ambiguous", () => {
    expect(() => matchRoute([...set, { key: "ANY /a/b/{proxy+}", area: "six", greedy: true }], "GET", "/a/b/c")).toThrow("overlap");
  });
  test("CloudFront's patterns: * any characters, the whole path", () => {
    expect(cdnMatches("/gateway/*", "/gateway/api/x")).toBe(true);
    expect(cdnMatches("/gateway/*", "/gatewayx/api")).toBe(false);
    expect(cdnMatches("/upload", "/upload")).toBe(true);
    expect(cdnMatches("/upload", "/uploader/x")).toBe(false);
    expect(cdnMatches("/information/view*", "/information/view/12")).toBe(true);
  });
});
