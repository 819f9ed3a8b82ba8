import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { BatchWriteCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { Tenant } from "../src/platform/entities.ts";
import { removeTenantItems, type RemovalOptions } from "../src/platform/tenantRemoval.ts";
import { workersIdle } from "../src/kernel/background.ts";
import { dynamo } from "../src/kernel/aws.ts";
import { config } from "../src/kernel/config.ts";
import { seeded } from "./seeded.ts";

/**
 * The tenant removal under faults (issue 37): stopped at a random slice boundary or inside a slice
 * (after some batches of deletes), then run again, it ends exactly as an uninterrupted run — every
 * item of the tenant gone, its record last, every item of the other tenant untouched.
 */
const run = Date.now().toString(36);

/** A tenant's items over several partitions (as areas keep them), and two counters of the old layout (no tenantId). */
async function seedItems(tenantId: string, n: number): Promise<void> {
  const items = [
    ...Array.from({ length: n }, (_, i) => ({ pk: `$xy#test#tenantid_${tenantId}#part_${i % 7}`, sk: `item_${String(i).padStart(4, "0")}`, tenantId, n: i })),
    { pk: `$xy#counter#${tenantId}`, sk: "id#old", n: 5 },
    { pk: `$xy#counter#${tenantId}`, sk: "total#old", n: 3 },
  ];
  for (let i = 0; i < items.length; i += 25)
    await dynamo().send(new BatchWriteCommand({ RequestItems: { [config.table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
}

/** The table's items of a tenant, read independently of the index the removal uses (a test may Scan). */
async function itemsOf(tenantId: string): Promise<string[]> {
  const keys: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: config.table,
        FilterExpression: "tenantId = :t OR pk = :c",
        ExpressionAttributeValues: { ":t": tenantId, ":c": `$xy#counter#${tenantId}` },
        ProjectionExpression: "pk, sk, n",
        ExclusiveStartKey,
      }),
    );
    for (const i of page.Items ?? []) keys.push(`${i.pk}|${i.sk}|${i.n}`);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return keys.sort();
}

async function deletedTenant(clientId: string, id: number): Promise<void> {
  await Tenant.create({ id, clientId, clientSecret: "s", idisplay: 0, deleting: 1 }).go();
}

describe("tenant removal, resumable", () => {
  it("ends exactly as an uninterrupted run when stopped at 20 random points (between slices and inside them), and touches no other tenant", { timeout: 240_000 }, async () => {
    const random = seeded(37);
    const other = `keep${run}`;
    await seedItems(other, 60);
    const before = await itemsOf(other);
    for (let round = 0; round < 20; round++) {
      const gone = `gone${run}r${round}`;
      await deletedTenant(gone, 900_000 + round);
      await seedItems(gone, 40 + random(40));
      // Stop after the k-th batch or the k-th checkpoint, then run again until done.
      const at: "batch" | "checkpoint" = random(2) ? "batch" : "checkpoint";
      let left = 1 + random(4);
      const fault: RemovalOptions["fault"] = (point) => {
        if (point === at && --left === 0) throw new Error(`stopped at ${point}`);
      };
      await expect(removeTenantItems(gone, { slice: 25 + random(20), fault })).rejects.toThrow(/stopped at/);
      expect((await Tenant.get({ clientId: gone }).go()).data, `round ${round}: the record stays until the end`).not.toBeNull();
      const resumed = await removeTenantItems(gone, { slice: 30 });
      expect(resumed.done).toBe(true);
      expect(await itemsOf(gone), `round ${round}`).toEqual([]);
      expect((await Tenant.get({ clientId: gone }).go()).data).toBeNull();
    }
    expect(await itemsOf(other)).toEqual(before);
  });

  it("hands over to a fresh invocation when its time is up, and the chain finishes", { timeout: 60_000 }, async () => {
    const gone = `hand${run}`;
    await deletedTenant(gone, 990_001);
    await seedItems(gone, 120);
    // A spent budget: the first invocation does one slice, then starts the next (in this process on one machine), which finishes.
    const first = await removeTenantItems(gone, { slice: 25, budgetMs: -1 });
    expect(first.done).toBe(false);
    await workersIdle();
    expect(await itemsOf(gone)).toEqual([]);
    expect((await Tenant.get({ clientId: gone }).go()).data).toBeNull();
  });

  it("no Lambda's code Scans the table", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
      });
    const root = join(import.meta.dirname, "../..");
    const scanning = [...files(join(root, "core/src")), ...files(join(root, "functions/src"))].filter((f) => /\bScanCommand\b|\.scan\.|\.scan\(/.test(readFileSync(f, "utf8")));
    expect(scanning).toEqual([]);
  });
});
