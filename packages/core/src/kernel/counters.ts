import { Entity } from "electrodb";
import { SERVICE, entityConfig } from "./entity.ts";
import { txUpdate, type TxItem } from "./tx.ts";
import type { PageRun } from "./list.ts";
import type { Counted, Paging } from "./paging.ts";
import { listKey, readPageFrom, recall, remember, type ListVersion } from "./pageStarts.ts";
import { reachPrefixes, withinPrefixes, type Scoped } from "./dataScope.ts";

/**
 * Counters live beside the data: one item per tenant and entity for ids, one per list partition
 * for totals. Totals move in the same transaction as the write they count (docs/architecture.md).
 *
 * The keys are templates so that the items written before counters were an entity
 * (pk `$xy#counter#<tenant>`, sk `id#<entity>` / `total#<list>`, no ElectroDB identity) are the
 * same items: reads ignore ownership for them, and the first write adds the identity.
 */
export const Counter = new Entity(
  {
    model: { entity: "counter", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      /** `id#<entity>` or `total#<list>`. */
      name: { type: "string", required: true },
      n: { type: "number" },
      /** Totals only: how many changes moved `n` — the list's version (kernel/pageStarts.ts). */
      moves: { type: "number" },
      /** Totals only: epoch ms of the last change (a cursor walked just after it may have read a lagging index). */
      changedAt: { type: "number" },
    },
    indexes: {
      byName: {
        pk: { field: "pk", composite: ["tenantId"], template: "$xy#counter#${tenantId}", casing: "none" },
        sk: { field: "sk", composite: ["name"], template: "${name}", casing: "none" },
      },
    },
  },
  entityConfig(),
);

const idName = (entity: string) => `id#${entity}`;
const totalName = (list: string) => `total#${list}`;

/** Reserves `count` consecutive ids and returns the first. */
export async function nextIds(tenantId: string, entity: string, count: number): Promise<number> {
  const { data } = await Counter.update({ tenantId, name: idName(entity) })
    .add({ n: count })
    .go({ response: "updated_new", ignoreOwnership: true });
  return Number(data?.n) - count + 1;
}

export const nextId = (tenantId: string, entity: string): Promise<number> => nextIds(tenantId, entity, 1);

/**
 * Every change of a total also counts itself (`moves`) and notes when: a list whose rows only
 * enter and leave (ordered by id) changes exactly when its total does, so the total item doubles
 * as the list's version for remembered page starts (`tallied`).
 */
const moveTotal = (tenantId: string, list: string, delta: number) =>
  Counter.update({ tenantId, name: totalName(list) })
    .add({ n: delta, moves: 1 })
    .set({ changedAt: Date.now() });

/** A transaction item that moves a list total by `delta`. */
export const totalDelta = (tenantId: string, list: string, delta: number): TxItem => txUpdate(moveTotal(tenantId, list, delta));

export async function readTotal(tenantId: string, list: string): Promise<number> {
  const { data } = await Counter.get({ tenantId, name: totalName(list) }).go({ ignoreOwnership: true });
  return Math.max(0, Number(data?.n ?? 0));
}

async function readTally(tenantId: string, list: string): Promise<{ total: number } & ListVersion> {
  const { data } = await Counter.get({ tenantId, name: totalName(list) }).go({ ignoreOwnership: true, consistent: true });
  return { total: Math.max(0, Number(data?.n ?? 0)), version: Number(data?.moves ?? 0), changedAt: Number(data?.changedAt ?? 0) };
}

/**
 * The total and the deep-page reader (`boundedList`'s `total` and `page`) of an unfiltered list
 * whose kept total is `list`: one consistent read of the total item answers both, and later pages
 * start from cursors remembered under its `moves` (kernel/pageStarts.ts). Only for lists whose
 * rows no write re-sorts or re-files without moving this total (ordered by id, filtered by
 * nothing): a status change that a filter reads would leave a remembered cursor stale.
 */
export function tallied(tenantId: string, list: string): { total: () => Promise<number>; page: <T>(run: PageRun<T>, p: Paging) => Promise<T[]> } {
  let item: Promise<{ total: number } & ListVersion> | undefined;
  const read = () => (item ??= readTally(tenantId, list));
  return {
    total: async () => (await read()).total,
    page: (run, p) => readPageFrom(run, p, listKey("total", tenantId, list, p.order === "asc" ? "asc" : "desc"), read),
  };
}

/**
 * A filtered list (keyword, department limit) over the rows the kept total `list` counts: its deep
 * pages start from cursors, and its capped count is reused, both remembered under the total's
 * `moves`. `name` names the list and its filters and order. Only for lists whose every write that
 * adds, removes or re-files a row moves that total — an edit of a field a filter reads included,
 * with `touchTotal` (a move by 0).
 */
export function versionedFilter(
  tenantId: string,
  list: string,
  name: string,
  count: () => Promise<Counted>,
): { total: () => Promise<Counted>; page: <T>(run: PageRun<T>, p: Paging) => Promise<T[]> } {
  let item: Promise<ListVersion> | undefined;
  const read = () => (item ??= readTally(tenantId, list));
  const countKey = listKey("filter", name, "count");
  return {
    total: async () => {
      const v = await read();
      const known = recall(countKey, v);
      if (known) return JSON.parse(known) as Counted;
      const counted = await count();
      remember(countKey, v, JSON.stringify(counted));
      return counted;
    },
    page: (run, p) => readPageFrom(run, p, listKey("filter", name), read),
  };
}

/** A transaction item that moves a total's version without its count: an edit that can re-file a row of its filtered lists. */
export const touchTotal = (tenantId: string, list: string): TxItem => totalDelta(tenantId, list, 0);

/** Adds to a total outside a transaction (bulk loads that count what they wrote). */
export async function addTotal(tenantId: string, list: string, delta: number): Promise<void> {
  await moveTotal(tenantId, list, delta).go({ response: "none" });
}

/**
 * A total kept per store (`<list>#<shop>`), moved beside the list's own: a store-level caller's
 * count or list reads the totals of the stores in reach with one Query of the counter partition
 * per reach prefix (a prefix of these names), never the rows.
 */
export const shopTotalName = (list: string, shop: string): string => `${list}#${shop}`;

/** A transaction item that moves the per-store total of `list` for `shop`. */
export const shopTotalDelta = (tenantId: string, list: string, shop: string, delta: number): TxItem => totalDelta(tenantId, shopTotalName(list, shop), delta);

export type ShopTotal = { shop: string; n: number; moves: number; changedAt: number };

/** The per-store totals of `list` in the caller's reach, empty ones too (their moves version the lists they cover), read consistently. */
export async function shopTotals(caller: Scoped & { tenantId: string }, list: string): Promise<ShopTotal[]> {
  const prefixes = reachPrefixes(caller);
  const head = `${totalName(list)}#`;
  const found = await Promise.all(
    prefixes.map(async (p) => {
      const code = p.endsWith("$") ? p.slice(0, -1) : p;
      const { data } = await Counter.query
        .byName({ tenantId: caller.tenantId })
        .begins({ name: `${head}${code}` })
        .go({ pages: "all", ignoreOwnership: true, consistent: true });
      return data.map((c) => ({ shop: c.name.slice(head.length), n: Math.max(0, Number(c.n ?? 0)), moves: Number(c.moves ?? 0), changedAt: Number(c.changedAt ?? 0) }));
    }),
  );
  const seen = new Set<string>();
  return found.flat().filter((t) => withinPrefixes(prefixes, t.shop) && !seen.has(t.shop) && !!seen.add(t.shop));
}

/** How many rows `list` holds in the caller's stores: the sum of its per-store totals in reach. */
export const reachTotal = async (caller: Scoped & { tenantId: string }, list: string): Promise<number> => (await shopTotals(caller, list)).reduce((s, t) => s + t.n, 0);
