import { describe, it, expect, beforeAll } from "vitest";
import type * as v from "valibot";
import { AREAS, type AreaName } from "../src/manifest.ts";
import { splitKey, type RouteDef } from "../src/http/define.ts";
import { INCOMPLETE } from "@xiangyu/core/kernel/fields";
import { markPlatformTenant } from "@xiangyu/core/platform/operator";
import { functionOf } from "./menuFunctions.ts";
import { post, tableItems, testTenant } from "./harness.ts";

/**
 * "A save sends the whole record" (docs/decisions.md): every save route of the manifest — a route
 * whose right is "save" or whose log label starts with 保存 — reads its input with `wholeRecord`,
 * and a request that leaves the record's fields out is refused with INCOMPLETE before anything is
 * read or written. A save route added later is covered without a new test.
 */
const SAVES = (Object.keys(AREAS) as AreaName[]).flatMap((area) =>
  Object.entries(AREAS[area].routes)
    .map(([key, def]) => ({ key, def: def as RouteDef }))
    .filter(({ def }) => (def.access.auth === "function" && def.access.right === "save") || (typeof def.log === "string" && def.log.startsWith("保存"))),
);

/** Saves that are not a record's form, with the reason. */
const NOT_A_RECORD: Record<string, string> = {
  // Sets a client's occupation and marital status from the work-order panel: two fields, both always sent.
  "POST /xiangyu/api/client/workorder/saveclientstatus": "two fields of a client, not a record's form",
};

type Node = { type?: string; kind?: string; pipe?: readonly Node[]; metadata?: { wholeRecord?: "edit" | "always" } };
/** How a schema applies the whole-record rule ("edit" / "always"), or undefined when it does not. */
function wholeRecordOf(schema: Node): "edit" | "always" | undefined {
  for (const item of schema.pipe ?? []) {
    if (item.kind === "metadata" && item.metadata?.wholeRecord) return item.metadata.wholeRecord;
    if (item.kind === "schema") {
      const inner = wholeRecordOf(item);
      if (inner) return inner;
    }
  }
  return undefined;
}

describe("every save route reads a whole record", () => {
  it("covers the save routes of the manifest", () => {
    expect(SAVES.length).toBeGreaterThanOrEqual(30);
    const without = SAVES.filter(({ key, def }) => !NOT_A_RECORD[key] && !wholeRecordOf(def.input as unknown as Node)).map(({ key }) => key);
    expect(without).toEqual([]);
  });

  it("refuses an edit that sends only the id (or nothing, for a route that only edits), in the schema", () => {
    const wrong: string[] = [];
    for (const { key, def } of SAVES) {
      const applies = wholeRecordOf(def.input as unknown as Node);
      if (!applies) continue;
      const out = (def.input as v.GenericSchema)["~standard"].validate(applies === "always" ? {} : { id: "987654321" });
      const said = "issues" in out && out.issues ? out.issues[0]?.message : "accepted";
      if (said !== INCOMPLETE) wrong.push(`${key}: ${said}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("a partial save through the adapter", () => {
  let t: Awaited<ReturnType<typeof testTenant>>;
  beforeAll(async () => {
    t = await testTenant();
    // The platform tenant's administrator holds every function and letter, the platform routes too.
    await markPlatformTenant(t.clientId);
  });

  it("answers 数据不完整，请刷新页面重新编辑。 on every save route and changes nothing", { timeout: 120_000 }, async () => {
    const before = await tableItems();
    const wrong: string[] = [];
    for (const { key, def } of SAVES) {
      const applies = wholeRecordOf(def.input as unknown as Node);
      if (!applies) continue;
      const { path } = splitKey(key);
      const functionId = functionOf(def);
      const r = await post(path, { token: t.adminToken, functionId, form: applies === "always" ? {} : { id: "987654321" } });
      // The style attribute calls answer {check, msg} (R002); everything else the envelope.
      const said = r.body?.desc ?? r.body?.msg;
      if (said !== INCOMPLETE) wrong.push(`${key}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    const after = await tableItems();
    expect([...after.keys()].filter((k) => before.get(k) !== after.get(k))).toEqual([]);
  });
});
