import { describe, it, expect, beforeAll } from "vitest";
import { AREAS, type AreaName } from "../src/manifest.ts";
import { splitKey, type RouteDef } from "../src/http/define.ts";
import { NOTHING_DELETED } from "@xiangyu/core/kernel/errors";
import { markPlatformTenant } from "@xiangyu/core/platform/operator";
import { functionOf } from "./menuFunctions.ts";
import { post, tableItems, testTenant } from "./harness.ts";

/**
 * Every delete route of the manifest (a route key containing "delete"), called by the platform
 * tenant's administrator (every function, every letter, the platform operator) with ids that do
 * not exist, answers the one kernel reply `并没有删除信息` and changes nothing. A delete route
 * added later is covered without a new test.
 */
const DELETES = (Object.keys(AREAS) as AreaName[]).flatMap((area) =>
  Object.entries(AREAS[area].routes)
    .filter(([key]) => /delete/i.test(key))
    .map(([key, def]) => ({ key, def: def as RouteDef })),
);

/** A value nothing holds, per field the delete routes declare (ids are numbers, other keys their own format). */
const UNKNOWN: Record<string, string> = {
  ids: "987654321,987654322",
  id: "987654321",
  holidayDate: "2099-12-31",
  orderId: "987654321",
  rsId: "987654321",
  // A real branch (the merchant users' delete checks it first); the ids in it are unknown.
  branchId: "",
};

let t: Awaited<ReturnType<typeof testTenant>>;
beforeAll(async () => {
  t = await testTenant();
  await markPlatformTenant(t.clientId);
  UNKNOWN.branchId = String(t.depts.get("华南分公司")!.branchId);
});

/** The form a delete route gets: its id field(s) with unknown values (`ids` alone where it takes `ids` or `id`). */
function formOf(def: RouteDef): Record<string, string> {
  const fields = Object.keys((def.input as unknown as { entries?: object }).entries ?? {});
  const wanted = fields.filter((f) => f in UNKNOWN && !(f === "id" && fields.includes("ids")));
  return Object.fromEntries(wanted.map((f) => [f, UNKNOWN[f]!]));
}

describe("a delete of ids that do not exist", () => {
  it("covers every delete route of the manifest", () => {
    expect(DELETES.length).toBeGreaterThanOrEqual(35);
    expect(DELETES.filter(({ def }) => !Object.keys(formOf(def)).length).map((d) => d.key)).toEqual([]);
  });

  it("answers 并没有删除信息 on every delete route and changes nothing", { timeout: 120_000 }, async () => {
    const before = await tableItems();
    const wrong: string[] = [];
    for (const { key, def } of DELETES) {
      const { path } = splitKey(key);
      const functionId = functionOf(def);
      const r = await post(path, { token: t.adminToken, functionId, form: formOf(def) });
      // The style attribute calls answer {check, msg} (R002); everything else the envelope.
      const said = r.body?.desc ?? r.body?.msg;
      if (r.status !== 200 || said !== NOTHING_DELETED || r.body?.code === "200" || r.body?.check === 1) wrong.push(`${key}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    const after = await tableItems();
    expect([...after.keys()].filter((k) => before.get(k) !== after.get(k))).toEqual([]);
  });
});
