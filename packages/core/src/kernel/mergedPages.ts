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
type Params = { params(o: { order: Order }): QueryCommandInput };

/** One partition: its rows (an ElectroDB query whose sort key is the row's id) and their count from the tallies. */
export type Partition<T> = {
  n: number;
  query: () => Params & {
    go(o: { limit: number; count: number; order: Order }): Promise<{ data: T[] }>;
    lt(k: { id: number }): Params;
    gt(k: { id: number }): Params;
  };
};

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
    const read = async (x: Partition<T>) => {
      const limit = Math.min(need, x.n);
      return (await x.query().go({ limit, count: limit, order })).data;
    };
    return (await Promise.all(parts.map(read)))
      .flat()
      .sort((a, b) => (order === "asc" ? a.id - b.id : b.id - a.id))
      .slice(from, need);
  }
  return o.load(await pageIds(listKey(o.list, order), o.version, parts, from, p.pageSize, order));
}

/**
 * A deep page's ids: from the remembered start, only its own ids from each partition; otherwise
 * the first `from + pageSize` ids of the partitions merged (about that many read in all, ids only).
 */
async function pageIds<T>(list: string, v: ListVersion, parts: readonly Partition<T>[], from: number, pageSize: number, order: Order): Promise<number[]> {
  const at = (rows: number) => listKey("merged", list, rows);
  // A first page (a large page size makes it deep too) starts at the top: nothing to remember before it.
  const start = from > 0 ? recall(at(from), v) : null;
  let ids: number[];
  if (start) {
    const after = Number(start);
    const rest = (x: Partition<T>) => (order === "desc" ? x.query().lt({ id: after }) : x.query().gt({ id: after })).params({ order });
    ids = await mergedTopIds(
      parts.map((x) => ({ params: rest(x), n: x.n })),
      pageSize,
      order,
    );
  } else {
    const top = await mergedTopIds(
      parts.map((x) => ({ params: x.query().params({ order }), n: x.n })),
      from + pageSize,
      order,
    );
    if (from > 0 && top.length > from) remember(at(from), v, String(top[from - 1]));
    ids = top.slice(from, from + pageSize);
  }
  if (ids.length === pageSize) remember(at(from + pageSize), v, String(ids[pageSize - 1]));
  return ids;
}
