import { describe, expect, test } from "vitest";
import { splitKey } from "@xiangyu/functions/http/define";
import { cdnMatches, routeRequest } from "../stacks/apiRoutes.ts";
import { routePlan, tableRoutes } from "../stacks/Routes.ts";
import { SITE_API_PATHS, SITE_FILE_PATHS, SITE_MEMBER_API_PATHS, SITE_MEMBER_PATHS, SITE_UPLOAD_PATHS, siteApiPart } from "../stacks/Site.ts";
import { SPA_FALLBACK } from "../stacks/Web.ts";
import { variantUrl, withVariants } from "@xiangyu/core/content/pictureVariants";
import { filePath } from "@xiangyu/core/files/rules";

/**
 * What the website's pages link on its own domain is served there (issue 35): stored pictures and
 * their copies, the member H5 the hotel pages' 会员预订 opens, and every route the H5 calls, each
 * reaching the API the console's distribution sends it to. The distribution's behaviours
 * themselves are checked on the synthesized stack (stacks.test.ts).
 */
const { parts, patterns } = routePlan();
const behaviours = [...SITE_MEMBER_API_PATHS, ...SITE_API_PATHS, ...SITE_UPLOAD_PATHS, ...SITE_MEMBER_PATHS, ...SITE_FILE_PATHS];
/** CloudFront's pick on the website's distribution: its first matching pattern, else the default (the pages). */
const behaviourOf = (path: string) => behaviours.find((p) => cdnMatches(p, path)) ?? "*";
const concrete = (path: string) => path.replace(/\{\w+\+\}/g, "t1/x1").replace(/\{\w+\}/g, "x1");

describe("the website's domain serves what its pages link", () => {
  test("a stored picture and its copies: the read-only pictures' path", () => {
    const original = filePath(`demo/${"a".repeat(64)}.jpg`);
    for (const url of [original, variantUrl(withVariants(original, [480]), 480, "webp"), variantUrl(original, 960, "png")]) expect(behaviourOf(url), url).toBe("/uploader/files/*");
    // Uploads themselves are never made through the website's domain.
    expect(behaviourOf("/uploader/presign")).toBe("*");
  });

  test("the member H5: its page (the console's SPA_FALLBACK answers /m/index.html), its files, its routes", () => {
    for (const path of ["/m", "/m/", "/m/index.html"])
      expect(
        SITE_MEMBER_PATHS.some((p) => cdnMatches(p, path)),
        path,
      ).toBe(true);
    const handler = new Function(`${SPA_FALLBACK}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    expect(handler({ request: { uri: "/m/" } }).uri).toBe("/m/index.html");
    expect(behaviourOf("/assets/member-abc.js")).toBe("/assets/*");
    // Every member route the H5 calls, and none left to the website's cached reads.
    const member = tableRoutes().filter((r) => /^\/(xiangyu\/api\/mp|goods\/api\/mp|gateway\/api\/lotter\/mp)\//.test(splitKey(r.key).path));
    expect(member.length).toBeGreaterThan(20);
    for (const r of member) expect(SITE_MEMBER_API_PATHS, r.key).toContain(behaviourOf(concrete(splitKey(r.key).path)));
  });

  test("each API path of the website reaches, for every route under it, the API its behaviour sends to", () => {
    for (const path of [...SITE_MEMBER_API_PATHS, ...SITE_API_PATHS, ...SITE_UPLOAD_PATHS]) {
      const part = siteApiPart(patterns, path);
      const under = tableRoutes().filter((r) => behaviourOf(concrete(splitKey(r.key).path)) === path);
      expect(under.length, path).toBeGreaterThan(0);
      for (const r of under) {
        const { method, path: p } = splitKey(r.key);
        expect(routeRequest(parts, patterns, method, concrete(p))?.part, r.key).toBe(part);
      }
    }
  });
});
