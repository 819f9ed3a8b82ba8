import { BatchWriteCommand, type BatchWriteCommandOutput } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";
import { pool } from "./timing.ts";

/** Bench seeds write whole items 25 to a batch (BatchWriteItem's limit), putting back what DynamoDB left unprocessed. */
export const BATCH = 25;

export async function putBatch(items: Record<string, unknown>[], what: string, attempts: number): Promise<void> {
  let request: Record<string, any> | undefined = { [config.table]: items.map((Item) => ({ PutRequest: { Item } })) };
  for (let attempt = 0; request && Object.keys(request).length; attempt++) {
    if (attempt === attempts) throw new Error(`${what}: items left unprocessed after ${attempts} attempts`);
    const res: BatchWriteCommandOutput = await dynamo().send(new BatchWriteCommand({ RequestItems: request }));
    request = res.UnprocessedItems;
  }
}

/** A fixed scramble of a seed's item number, so the mixes below come out the same run after run. */
export const mix = (i: number): number => Math.imul(i ^ (i >>> 16), 0x45d9f3b) >>> 0;

/** Item i's value in a weighted mix (`[value, percent]`, percents adding up to 100): the same value for the same i. */
export function pickWeighted<T>(i: number, weights: ReadonlyArray<readonly [T, number]>): T {
  const r = (mix(i) >>> 8) % 100;
  let acc = 0;
  for (const [value, weight] of weights) if (r < (acc += weight)) return value;
  return weights[0]![0];
}

/**
 * A list bench's seed: items 1…total, each built by `item` (its table item and the list buckets it
 * counts in), written BATCH to a BatchWriteItem with `inFlight` batches at once. Returns the count of
 * each bucket, from which the bench writes the list totals once per bucket rather than once per item.
 */
export async function seedNumbered(opts: {
  total: number;
  what: string;
  item: (id: number) => { item: Record<string, unknown>; buckets: string[] };
  log: (s: string) => void;
  inFlight?: number;
}): Promise<Map<string, number>> {
  const { total, what, item, log, inFlight = 16 } = opts;
  const buckets = new Map<string, number>();
  let done = 0;
  await pool(Math.ceil(total / BATCH), inFlight, async (b) => {
    const items: Record<string, unknown>[] = [];
    for (let id = b * BATCH + 1; id <= Math.min(total, (b + 1) * BATCH); id++) {
      const built = item(id);
      for (const key of built.buckets) buckets.set(key, (buckets.get(key) ?? 0) + 1);
      items.push(built.item);
    }
    await putBatch(items, `${what} seed`, 8);
    if (++done % 2000 === 0) log(`${what} seed: ${(done * BATCH).toLocaleString("en")} of ${total.toLocaleString("en")}`);
  });
  return buckets;
}
