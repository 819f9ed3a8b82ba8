import { describe, it, expect } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PutCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { Entity, Service } from "electrodb";
import { Counter, addTotal, nextIds, readTotal, totalDelta } from "../src/kernel/counters.ts";
import { transact } from "../src/kernel/tx.ts";
import { dynamo } from "../src/kernel/aws.ts";
import { config } from "../src/kernel/config.ts";

const SRC = join(__dirname, "../src");

/** Every .ts file under core's src. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));

/**
 * Every entity of the table, found where it is declared (any core module holding `new Entity(`),
 * so a new area's entities need no list to be joined. Lambdas never join them: they use their
 * entities directly and run transactions through kernel/tx.ts.
 */
async function everyEntity(): Promise<Map<string, Entity<any, any, any, any>>> {
  const out = new Map<string, Entity<any, any, any, any>>();
  for (const file of sources(SRC).filter((f) => readFileSync(f, "utf8").includes("new Entity("))) {
    const mod = await import(file);
    for (const [name, value] of Object.entries(mod)) if (value instanceof Entity) out.set(`${file.slice(SRC.length + 1)}:${name}`, value as Entity<any, any, any, any>);
  }
  return out;
}

describe("one ElectroDB service", () => {
  it("joins every entity declared in core: one table, unique names and versions, compatible collections", async () => {
    const entities = await everyEntity();
    expect(entities.size).toBeGreaterThan(60);
    expect([...entities.keys()]).toEqual(expect.arrayContaining(["kernel/counters.ts:Counter", "hotels/entities.ts:Hotel", "workorders/funnel.ts:FunnelTally"]));
    // ElectroDB's own checks across entities run when they are joined (docs/decisions.md, "ElectroDB").
    const joined = new Service(Object.fromEntries([...entities].map(([key, e], i) => [`e${i}_${key.replace(/\W/g, "_")}`, e])));
    expect(Object.keys(joined.entities)).toHaveLength(entities.size);
  });

  it("leaves ElectroDB's identity attributes to ElectroDB: no source names them", () => {
    const naming = sources(SRC).filter((f) => readFileSync(f, "utf8").includes("__edb_"));
    expect(naming).toEqual([]);
  });
});

describe("counters as an entity", () => {
  const tenantId = "counters-entity";

  it("keeps the keys counters had before they were an entity", () => {
    expect(Counter.get({ tenantId, name: "id#hotel" }).params().Key).toEqual({ pk: `$xy#counter#${tenantId}`, sk: "id#hotel" });
    expect((totalDelta("Ab", "hotels#1", 1).Update as any).Key).toEqual({ pk: "$xy#counter#Ab", sk: "total#hotels#1" });
  });

  it("reads and moves a counter stored before it had ElectroDB's identity", async () => {
    const Key = { pk: `$xy#counter#${tenantId}`, sk: "total#old" };
    await dynamo().send(new PutCommand({ TableName: config.table, Item: { ...Key, n: 7 } }));
    expect(await readTotal(tenantId, "old")).toBe(7);
    await transact([totalDelta(tenantId, "old", 2)]);
    await addTotal(tenantId, "old", -1);
    expect(await readTotal(tenantId, "old")).toBe(8);
    const { Item } = await dynamo().send(new GetCommand({ TableName: config.table, Key }));
    expect(Item?.n).toBe(8);

    await dynamo().send(new PutCommand({ TableName: config.table, Item: { pk: Key.pk, sk: "id#old", n: 41 } }));
    expect(await nextIds(tenantId, "old", 3)).toBe(42);
    expect(await nextIds(tenantId, "old", 1)).toBe(45);
  });

  it("hands out distinct ids to 25 concurrent callers", async () => {
    const ids = await Promise.all(Array.from({ length: 25 }, () => nextIds(tenantId, "many", 2)));
    const all = ids.flatMap((i) => [i, i + 1]);
    expect(new Set(all).size).toBe(50);
    expect(Math.min(...ids)).toBe(1);
    expect(Math.max(...all)).toBe(50);
  });
});
