import { BatchWriteCommand, type BatchWriteCommandOutput } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";
import type { TxItem } from "@xiangyu/core/kernel/tx";
import { pool } from "./pool.ts";

/**
 * The seed's writer: whole items, 25 to a BatchWriteItem (its limit), a few batches in flight,
 * what DynamoDB leaves unprocessed sent again after a pause. One batch costs DynamoDB Local about
 * what one conditional update costs, so a stage written this way takes a handful of round trips
 * instead of hundreds. Items come from core's own builders (`itemsOf`, `putsOf`), never typed
 * out here, so the stored items are the ones the services write.
 */
const BATCH = 25;
/** On 2 cores DynamoDB Local is saturated by about this many batches in flight; more only queue. */
const IN_FLIGHT = 6;
const ATTEMPTS = 10;

type Item = Record<string, unknown>;

export async function putItems(items: Item[], what: string, inFlight = IN_FLIGHT): Promise<void> {
  await pool(Math.ceil(items.length / BATCH), inFlight, (b) => putBatch(items.slice(b * BATCH, (b + 1) * BATCH), what));
}

async function putBatch(items: Item[], what: string): Promise<void> {
  let request: BatchWriteCommandOutput["UnprocessedItems"] = { [config.table]: items.map((Item) => ({ PutRequest: { Item } })) };
  for (let attempt = 1; ; attempt++) {
    const res: BatchWriteCommandOutput = await dynamo().send(new BatchWriteCommand({ RequestItems: request }));
    request = res.UnprocessedItems;
    if (!request || Object.keys(request).length === 0) return;
    if (attempt === ATTEMPTS) throw new Error(`seed ${what}: items left unprocessed after ${ATTEMPTS} attempts`);
    await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
  }
}

/**
 * What entity puts store (`Region.put(record)` …): keys, defaults and ElectroDB's identity
 * attributes, built by the entity itself. Taking the put operations keeps the records type-checked.
 */
export function itemsOf(puts: Array<{ params: () => Record<string, any> }>): Item[] {
  return puts.map((p) => p.params().Item);
}

/**
 * The items a service's create transaction puts (a client and its keys, a lot of weeks …), without
 * their conditions: the seed writes into an empty tenant, where "not there yet" always holds.
 * Anything but a Put is refused, so an update (a total, a tally) is never silently dropped.
 */
export function putsOf(tx: TxItem[]): Item[] {
  return tx.map((i) => {
    if (!i.Put?.Item) throw new Error(`seed: expected only puts in a create transaction, got ${Object.keys(i).join(", ")}`);
    return i.Put.Item as Item;
  });
}
