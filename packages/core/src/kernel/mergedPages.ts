import type { QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { mergedTopIds } from "./list.ts";
import { listKey, recall, remember, type ListVersion } from "./pageStarts.ts";
import type { Paging } from "./paging.ts";

/**
 * A list whose rows lie in several partitions, each sorted by the row's id, with a tally per
 * partition kept in the writes' transactions (hotel orders, work orders). The tallies give the
 * total and each partition's share; a page is merged from the partitions by id.
 *
 * Shallow pages read whole rows from each partition (at most FULL_READ each). A deep page merges
 * ids only (kernel/list.ts mergedTopIds), then reads its rows in one batch; where it starts (the
 * id of the row before it) is remembered under the tallies' version (kernel/pageStarts.ts), so a
 * page read before, or the page after one just read, reads only its own ids from each partition.
 */

/** Up to this many rows per partition are read whole; deeper pages merge ids, then one batch. */
export const FULL_READ = 100;

type Order = "asc" | "desc";

/** One partition: its row count from the tallies, its Query (from the row after `after`), and a read of its first rows. */
export type Partition<T> = {
  n: number;
  params: (order: Order, after?: number) => QueryCommandInput;
  read: (limit: number, order: Order) => Promise<T[]>;
};

type Chain<T> = { params(o: { order: Order }): QueryCommandInput; go(o: { limit: number; count: number; order: Order }): Promise<{ data: T[] }> };
/** A chain that a filter can still be added to: `W` is the entity's `.where()` callback. */
type Filterable<T, W> = Chain<T> & { where(filter: W): Chain<T> };
type IdQuery<T, W> = Filterable<T, W> & { lt(k: { id: number }): Filterable<T, W>; gt(k: { id: number }): Filterable<T, W> };

/**
 * A partition read by an ElectroDB query whose sort key is the row's id; `where` filters its rows
 * (then `n` must count only the rows it keeps).
 */
export function idPartition<T, W>(n: number, query: () => IdQuery<T, W>, where?: (q: Filterable<T, W>) => Chain<T>): Partition<T> {
  const kept = where ?? ((q: Filterable<T, W>) => q);
  return {
    n,
    params: (order, after) => kept(after === undefined ? query() : order === "desc" ? query().lt({ id: after }) : query().gt({ id: after })).params({ order }),
    read: async (limit, order) => (await kept(query()).go({ limit, count: limit, order })).data,
  };
}

type ById = { get(keys: Array<{ tenantId: string; id: number }>): { go(o: { preserveBatchOrder: true }): Promise<{ data: unknown[] }> } };

/** A tenant's rows by id, in the order asked (a batch read answers in any order), the missing ones left out: a merged page's `load`. */
export async function rowsById<T>(entity: ById, tenantId: string, ids: readonly number[]): Promise<T[]> {
  if (!ids.length) return [];
  const { data } = await entity.get(ids.map((id) => ({ tenantId, id }))).go({ preserveBatchOrder: true });
  return data.filter((row): row is T => !!row);
}

/** A tally that versions a merged list: each write grows `moves` and sets `changedAt` in its transaction. */
export type MovingTally = { moves: number; changedAt: number };

/**
 * The version of the rows a filter covers: a row enters, leaves or changes partition only in a
 * transaction that moves the tallies it leaves and enters, and a partition's rows are ordered by
 * id, so the sum of the covered tallies' moves (each only grows; a tally is never removed, and
 * empty ones count too) changes whenever the filtered list does.
 */
export const tallyVersion = (tallies: readonly MovingTally[]): ListVersion => ({
  version: tallies.reduce((s, t) => s + t.moves, 0),
  changedAt: tallies.reduce((m, t) => Math.max(m, t.changedAt), 0),
});

/**
 * One page of a merged list. `list` names the list and its filters (the order is added here);
 * `load` reads rows by id in the order given. The caller has checked the depth and that the page
 * lies within the total.
 */
export async function mergedPage<T extends { id: number }>(
  parts: readonly Partition<T>[],
  p: Paging,
  o: { list: string; version: ListVersion; load: (ids: number[]) => Promise<T[]> },
): Promise<T[]> {
  const order: Order = p.order === "asc" ? "asc" : "desc";
  const from = (p.currentPage - 1) * p.pageSize;
  const need = from + p.pageSize;
  if (need <= FULL_READ) {
    const read = (x: Partition<T>) => x.read(Math.min(need, x.n), order);
    return (await Promise.all(parts.map(read)))
      .flat()
      .sort((a, b) => (order === "asc" ? a.id - b.id : b.id - a.id))
      .slice(from, need);
  }
  return o.load(await deepPageIds(parts, p, o));
}

/**
 * A deep page's ids: from the remembered start, only its own ids from each partition; otherwise
 * the first `from + pageSize` ids of the partitions merged (about that many read in all, ids only).
 */
export async function deepPageIds(parts: readonly Pick<Partition<unknown>, "n" | "params">[], p: Paging, o: { list: string; version: ListVersion }): Promise<number[]> {
  const order: Order = p.order === "asc" ? "asc" : "desc";
  const from = (p.currentPage - 1) * p.pageSize;
  const at = (rows: number) => listKey("merged", o.list, order, rows);
  // A first page (a large page size makes it deep too) starts at the top: nothing to remember before it.
  const start = from > 0 ? recall(at(from), o.version) : null;
  let ids: number[];
  if (start) {
    const after = Number(start);
    ids = await mergedTopIds(
      parts.map((x) => ({ params: x.params(order, after), n: x.n })),
      p.pageSize,
      order,
    );
  } else {
    const top = await mergedTopIds(
      parts.map((x) => ({ params: x.params(order), n: x.n })),
      from + p.pageSize,
      order,
    );
    if (from > 0 && top.length > from) remember(at(from), o.version, String(top[from - 1]));
    ids = top.slice(from, from + p.pageSize);
  }
  if (ids.length === p.pageSize) remember(at(from + p.pageSize), o.version, String(ids[p.pageSize - 1]));
  return ids;
}
