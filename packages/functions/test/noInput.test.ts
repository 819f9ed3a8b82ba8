import { describe, it, expect, beforeAll } from "vitest";
import { AREAS, type AreaName } from "../src/manifest.ts";
import { splitKey, type RouteDef } from "../src/http/define.ts";
import { BAD_INPUT, noInput } from "@xiangyu/core/kernel/fields";
import { markPlatformTenant } from "@xiangyu/core/platform/operator";
import { FN_OF_MODULE } from "./menuFunctions.ts";
import { call, tableItems, testTenant, type CallOpts } from "./harness.ts";

/**
 * Routes that take nothing (`noInput`) refuse a field in the query or the body with the generic
 * BAD_INPUT instead of running as if they had been sent nothing; an empty JSON object, an empty
 * form or no body at all still works. Walks the manifest, so a route added later is covered.
 */
const NO_INPUT = (Object.keys(AREAS) as AreaName[]).flatMap((area) =>
  Object.entries(AREAS[area].routes)
    .filter(([, def]) => (def as RouteDef).input === noInput)
    // A member's route refuses a staff token before reading input; the schema is the same object.
    .filter(([, def]) => (def as RouteDef).access.auth !== "member")
    .map(([key, def]) => ({ key, def: def as RouteDef })),
);
/** Sign-out ends the session it is called with: it gets one of its own per call. */
const ENDS_SESSION = "POST /gateway/oauth/logout";

let t: Awaited<ReturnType<typeof testTenant>>;
beforeAll(async () => {
  t = await testTenant();
  // The platform operator's routes (platform/removals) refuse anyone else before reading input.
  await markPlatformTenant(t.clientId);
});

async function send(key: string, def: RouteDef, body: Pick<CallOpts, "json" | "form" | "query" | "raw">) {
  const { method, path } = splitKey(key);
  const token = key === ENDS_SESSION ? await t.token("admin", "Admin@12345") : t.adminToken;
  const functionId = def.access.auth === "function" ? FN_OF_MODULE.get(def.access.modules[0]!) : undefined;
  return call(method, path, { token, ...(functionId ? { functionId } : {}), ...body });
}

describe("routes without input", () => {
  it("are found in the manifest", () => {
    expect(NO_INPUT.map((r) => r.key)).toEqual(expect.arrayContaining(["POST /gateway/api/manage/users/totp/setup", "GET /gateway/api/manage/users/info"]));
  });

  it("refuse a field in the body or the query with 参数格式不正确, and store nothing", { timeout: 120_000 }, async () => {
    const before = await tableItems();
    const wrong: string[] = [];
    for (const { key, def } of NO_INPUT) {
      const tries: Array<Pick<CallOpts, "json" | "form" | "query">> =
        splitKey(key).method === "GET" ? [{ query: { a: "1" } }] : [{ json: { a: 1 } }, { form: { a: "1" } }, { query: { a: "1" } }];
      for (const body of tries) {
        const r = await send(key, def, body);
        if (r.status !== 200 || r.body?.code !== "400" || r.body?.desc !== BAD_INPUT)
          wrong.push(`${key} ${JSON.stringify(body)}: ${r.status} ${JSON.stringify(r.body).slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
    const after = await tableItems();
    expect([...after.keys()].filter((k) => before.get(k) !== after.get(k))).toEqual([]);
  });

  it("still answer an empty JSON object, an empty form, no body, and the adapter's own functionId", { timeout: 120_000 }, async () => {
    const wrong: string[] = [];
    for (const { key, def } of NO_INPUT) {
      const tries: Array<Pick<CallOpts, "json" | "form" | "query">> =
        splitKey(key).method === "GET" ? [{}, { query: { functionId: String(FN_OF_MODULE.get("products")) } }] : [{}, { json: {} }, { form: {} }];
      for (const body of tries) {
        const r = await send(key, def, body);
        if (r.status !== 200 || r.body?.desc === BAD_INPUT) wrong.push(`${key} ${JSON.stringify(body)}: ${r.status} ${JSON.stringify(r.body).slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  /** Bodies that are no record of fields — text, XML, a JSON list — are refused by the adapter (app.ts readInput), on these routes as on every POST. */
  it("refuse a text, XML or JSON-list body (the adapter's part)", async () => {
    for (const key of ["POST /gateway/api/manage/users/totp/setup", "POST /gateway/api/weixinservice/initOaBindingInfo"]) {
      const def = NO_INPUT.find((r) => r.key === key)?.def ?? (Object.values(AREAS).find((a) => key in a.routes)!.routes[key] as RouteDef);
      for (const raw of [
        { contentType: "text/plain", body: Buffer.from("hello") },
        { contentType: "application/xml", body: Buffer.from("<xml><a>1</a></xml>") },
        { contentType: "application/json", body: Buffer.from("[1,2]") },
      ])
        expect((await send(key, def, { raw })).body, `${key} ${raw.contentType}`).toEqual({ code: "400", desc: BAD_INPUT });
    }
  });
});
