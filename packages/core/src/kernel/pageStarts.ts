import { checkDepth, type PageRun } from "./list.ts";
import type { Paging } from "./paging.ts";

/**
 * Where later pages of a list start. DynamoDB has no offset: page n first walks the keys of the
 * n − 1 pages before it (kernel/list.ts), which is most of a deep page's time (page 50 of 20 walks
 * 980 keys). The cursor that walk ends on is remembered in the container, per list and number of
 * rows skipped, under the list's version: a number that every write able to move a row of the list
 * (in, out, or within its order) moves in its own transaction, and that is read with a consistent
 * GetItem. A remembered cursor is used only while the version is the one it was walked under —
 * whichever container made the write. A cursor walked within SETTLE_MS of a change is not
 * remembered, because the index it walked may still lag the write.
 *
 * Three version sources exist: hotels' HotelListVersion (hotels/listVersion.ts, one per tenant for
 * every hotel list, since a rename or a move to another store moves hotels between lists); a
 * list's kept total (kernel/counters.ts `tallied`), whose `moves` goes up with every change of the
 * total — enough for lists whose rows only enter and leave (ordered by id, never re-sorted); and
 * the hotel orders' partition tallies (orders/list.ts), whose moves summed over the partitions a
 * filter covers change with every order that enters, leaves or changes one of them. The orders
 * remember the id a page starts after (their pages merge partitions), the others a cursor; a
 * `versionedFilter` list (kernel/counters.ts) also its capped count, under the same version.
 */

export const SETTLE_MS = 10_000;
/** Remembered values per container; cleared whole when full (they are cheap to walk again). */
const MAX_STARTS = 2000;
const starts = new Map<string, ListVersion & { value: string }>();

/** The name of a list and its filters, from its parts (a tenant, a filter, an order…), as remembered. */
export const listKey = (...parts: Array<string | number>): string => parts.join("\u0000");

/** A list's version and when it last moved (epoch ms), read consistently. */
export type ListVersion = { version: number; changedAt: number };

/**
 * One page of a list, a later page starting from a remembered cursor. `list` names the list
 * (tenant, query, filters, order): two reads under the same name must return the same rows in the
 * same order while the version stays.
 */
export async function readPageFrom<T>(run: PageRun<T>, p: Paging, list: string, version: () => Promise<ListVersion>): Promise<T[]> {
  checkDepth(p);
  const skip = (p.currentPage - 1) * p.pageSize;
  if (skip === 0) return (await run({ limit: p.pageSize, cursor: null, keysOnly: false })).data;
  const at = (rows: number) => listKey(list, rows);
  const v = await version();
  let cursor = recall(at(skip), v);
  if (!cursor) {
    const walked = await run({ limit: skip, cursor: null, keysOnly: true });
    if (walked.data.length < skip || !walked.cursor) return [];
    cursor = walked.cursor;
    remember(at(skip), v, cursor);
  }
  const page = await run({ limit: p.pageSize, cursor, keysOnly: false });
  // Where this page ends the next one starts: paging on from here walks nothing.
  if (page.cursor && page.data.length === p.pageSize) remember(at(skip + p.pageSize), v, page.cursor);
  return page.data;
}

/**
 * What a list remembered under the version `v` for `key` (where a page starts, given the list, its
 * filters and order and the rows it skips; or a capped count), or null. Both numbers must match: a
 * version item removed and written again (a tenant removed and re-created) counts from 0 again, but
 * never at the same millisecond.
 */
export function recall(key: string, v: ListVersion): string | null {
  const known = starts.get(key);
  return known?.version === v.version && known.changedAt === v.changedAt ? known.value : null;
}

/** Remembers `value` for `key` under `v`, unless the list moved within SETTLE_MS (its index may still lag). */
export function remember(key: string, v: ListVersion, value: string): void {
  if (Date.now() - v.changedAt <= SETTLE_MS) return;
  if (starts.size >= MAX_STARTS) starts.clear();
  starts.set(key, { version: v.version, changedAt: v.changedAt, value });
}

/** For tests: forget everything remembered, page starts and counts (a fresh container). */
export const forgetPageStarts = (): void => starts.clear();
