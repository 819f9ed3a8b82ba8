import { withRetries } from "./retries.ts";

/** How many reads or writes one request runs at once: a long id list never becomes N parallel calls. */
export const REQUEST_CONCURRENCY = 8;

/** `fn` over `items`, at most `limit` at a time, results in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], fn: (item: T, index: number) => Promise<R>, limit = REQUEST_CONCURRENCY): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Keys DynamoDB left unprocessed (throttling, the 16 MB answer limit): worth asking again after a pause. */
class KeysLeft extends Error {}

/**
 * Every item of a batch read — `read` is one BatchGetItem of up to 100 keys, e.g. ElectroDB's
 * `Entity.get(keys).go()`, which answers what DynamoDB left unprocessed and does not ask again —
 * with the keys left asked again after the retry loop's pauses (longer, as after throttling).
 * Throws if some are still left after `attempts`: a silent gap would read as "no such item".
 */
export async function readEvery<K, T>(read: (keys: K[]) => Promise<{ data: T[]; unprocessed: K[] }>, keys: K[], attempts = 5): Promise<T[]> {
  const out: T[] = [];
  let left = keys;
  if (!left.length) return out;
  await withRetries(
    attempts,
    (e) => (e instanceof KeysLeft ? "throttled" : "stop"),
    async () => {
      const { data, unprocessed } = await read(left);
      out.push(...data);
      left = unprocessed;
      if (left.length) throw new KeysLeft(`batch read: ${left.length} keys left unprocessed`);
    },
  );
  return out;
}
