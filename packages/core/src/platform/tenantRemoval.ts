import { BatchWriteCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { Tenant } from "./entities.ts";
import { forgetTenant } from "./tenants.ts";
import { removeWxConfigsOf } from "./wxConfig.ts";
import { dynamo } from "../kernel/aws.ts";
import { config } from "../kernel/config.ts";
import { startWorker, type Worker } from "../kernel/background.ts";
import { tenantKeyPage, type ItemKey, type TenantKeyCursor } from "../kernel/tenantKeys.ts";
import { mapLimit } from "../kernel/batch.ts";
import { nowMs } from "../kernel/clock.ts";

/**
 * The removal of a deleted tenant's items (issue 37; docs/scale.md "Tenant removal"). The tenant's
 * items are found on the table's tenant index (kernel/table.ts TENANT_INDEX: every item's keys by its
 * `tenantId`), so no other tenant's item is read, and no Scan exists. The work goes in slices: one
 * page of keys (SLICE) deleted in parallel batches of 25, then a checkpoint on the tenant's record —
 * the page's end key and the count so far, the operator's progress. Deletes are idempotent by key,
 * so a run cut anywhere (inside a slice or between two) and run again continues from the last
 * checkpoint and ends exactly as an uninterrupted run. An invocation starts no further slice once
 * `budgetMs` has gone by: it hands over to a fresh invocation of the worker, well within a Lambda's
 * 15 minutes. The record itself goes last, after a pass from the start finds nothing left (items an
 * in-flight request wrote behind the checkpoint included).
 */
export type TenantRemoval = { clientId: string };
export const tenantRemoval: Worker<TenantRemoval> = { name: "tenantRemoval", run: (order) => removeTenantItems(order.clientId), functionName: () => config.tenantWorker };

/** Keys per slice (one index page) and batches of 25 deleted at once. */
const SLICE = 1000;
const PARALLEL = 8;
/** An invocation starts no slice after this much time: a slice takes seconds, the Lambda may run 15 minutes. */
const BUDGET_MS = 10 * 60_000;

export type RemovalOptions = {
  slice?: number;
  budgetMs?: number;
  /** Fault injection (tests): called after each batch of deletes and after each checkpoint; a throw stops the run there. */
  fault?: (at: "batch" | "checkpoint") => void;
};
export type RemovalRun = { removed: number; done: boolean };

export async function removeTenantItems(clientId: string, o: RemovalOptions = {}): Promise<RemovalRun> {
  const { data: t } = await Tenant.get({ clientId }).go({ consistent: true });
  if (!t || t.deleting !== 1) return { removed: 0, done: true };
  // Its WeChat accounts are platform records (no tenantId, not on the index): removed first, giving back their channels' bindings.
  await removeWxConfigsOf(clientId);
  const started = Date.now();
  const startedAt = nowMs();
  let removed = 0;
  let from = t.removalFrom ? (JSON.parse(t.removalFrom) as TenantKeyCursor) : undefined;
  for (;;) {
    const fromStart = !from;
    const { keys, next } = await tenantKeyPage(clientId, { limit: o.slice ?? SLICE, from });
    await deleteKeys(keys, o.fault);
    removed += keys.length;
    from = next;
    // The checkpoint carries the operator's progress: its time, and the removal's start on its first one (tenantRemovalView.ts).
    await Tenant.patch({ clientId })
      .set({ removalFrom: from ? JSON.stringify(from) : "", removalAt: nowMs(), ...(t.removalStart ? {} : { removalStart: startedAt }) })
      .add({ removedItems: keys.length })
      .go({ response: "none" });
    o.fault?.("checkpoint");
    // At the index's end a new pass starts from the beginning; a pass from the start that finds nothing means the tenant is empty.
    if (!from && fromStart && keys.length === 0) break;
    if (Date.now() - started > (o.budgetMs ?? BUDGET_MS)) {
      await startWorker(tenantRemoval, { clientId });
      return { removed, done: false };
    }
  }
  removed += await removeCounters(clientId, o.fault);
  await Tenant.delete({ clientId }).go();
  forgetTenant(clientId);
  return { removed, done: true };
}

/** Counters written before they were an entity carry no `tenantId`: their partition is the tenant's own key. */
async function removeCounters(clientId: string, fault: RemovalOptions["fault"]): Promise<number> {
  let removed = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: config.table,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": `$xy#counter#${clientId}` },
        ProjectionExpression: "pk, sk",
        ExclusiveStartKey,
      }),
    );
    const keys = (page.Items ?? []).map((i) => ({ pk: String(i.pk), sk: String(i.sk) }));
    await deleteKeys(keys, fault);
    removed += keys.length;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return removed;
}

async function deleteKeys(keys: ItemKey[], fault: RemovalOptions["fault"]): Promise<void> {
  const batches: ItemKey[][] = [];
  for (let i = 0; i < keys.length; i += 25) batches.push(keys.slice(i, i + 25));
  await mapLimit(
    batches,
    async (batch) => {
      await deleteBatch(batch);
      fault?.("batch");
    },
    PARALLEL,
  );
}

async function deleteBatch(keys: ItemKey[]): Promise<void> {
  let pending = keys.map((Key) => ({ DeleteRequest: { Key } }));
  for (let attempt = 0; pending.length && attempt < 8; attempt++) {
    if (attempt) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    const out = await dynamo().send(new BatchWriteCommand({ RequestItems: { [config.table]: pending } }));
    pending = (out.UnprocessedItems?.[config.table] ?? []) as typeof pending;
  }
  if (pending.length) throw new Error(`tenant removal: ${pending.length} deletes not processed`);
}
