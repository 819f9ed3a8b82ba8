import { formatDateTime, nowMs } from "./clock.ts";
import { mapLimit } from "./batch.ts";

/**
 * "Due by now" for the job queues keyed by due time (every queue read through `dueItems` below):
 * their sort keys go on past `dueAt` (tenant, record, …), so a read asks `lt(dueNow())`, before the
 * next second — `lte` on the bare second would leave what falls due in this very second for the
 * next run (a test that settles at once then waits a whole period).
 */
const dueNow = (): { dueAt: string } => ({ dueAt: formatDateTime(nowMs() + 1000) });

/**
 * The job queues are sharded (docs/decisions.md, "Sharded job queues (issue 37)"): a queue is
 * QUEUE_SHARDS partitions, `<queue>#<shard>`, and a tenant's items all go to the shard its id hashes
 * to. So no partition carries the whole platform's queue writes, and a tenant's backlog waits in its
 * own shard, behind nobody else's and holding up only the few tenants that share that shard.
 * Raising N is safe (a worker reads shards 0…N−1, so every old shard is still read); lowering it
 * would strand the items of the shards dropped.
 */
export const QUEUE_SHARDS = 16;

/** What one run reads of each shard: bounds a run's work, and one shard's backlog never takes another's turn. */
export const PER_SHARD = 50;

/** FNV-1a (32 bits): stable across processes and releases, unlike anything seeded; cheap enough for every enqueue. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The shard a tenant's queue items go to. */
export const shardOf = (tenantId: string): number => fnv1a(tenantId) % QUEUE_SHARDS;

/** A shard's partition, the value of a queue entity's `queue` attribute (its whole pk): two digits, so the keys sort. */
export const shardKey = (queue: string, shard: number): string => `${queue}#${String(shard).padStart(2, "0")}`;

/** The partition a tenant's item of `queue` is written to. */
export const queueOf = (queue: string, tenantId: string): string => shardKey(queue, shardOf(tenantId));

/**
 * Every partition a worker reads: the N shards, then the queue's unsharded key of before issue 37
 * ("legacy": nothing writes it any more; a deployed table's items left there are worked off by the
 * ordinary runs, each deleted by its own key). One more Query per run, an empty one once drained.
 */
export const queueKeys = (queue: string): string[] => [...Array.from({ length: QUEUE_SHARDS }, (_, s) => shardKey(queue, s)), queue];

/** One shard's due items, oldest first: the queue entity's `byDue` Query, `lt(due)`, at most `limit`. */
type ShardRead<T> = (key: { queue: string }, due: { dueAt: string }, limit: number) => Promise<{ data: T[] }>;

/**
 * The due items of every shard of `queue`, at most `perShard` of each, taken round-robin (the
 * first of each shard, then the second of each, …): a run that stops part-way (its time limit, a
 * failure) has still served every shard, and a shard's backlog beyond its bound waits for the next
 * run instead of filling this one.
 */
export async function dueItems<T>(queue: string, read: ShardRead<T>, perShard = PER_SHARD): Promise<T[]> {
  const due = dueNow();
  const shards = await mapLimit(queueKeys(queue), async (key) => (await read({ queue: key }, due, perShard)).data);
  const out: T[] = [];
  for (let i = 0; i < perShard; i++) for (const items of shards) if (i < items.length) out.push(items[i]!);
  return out;
}
