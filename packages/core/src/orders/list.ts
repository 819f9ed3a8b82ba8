import { HotelOrder, OrderOwner, OrderTally, ProxyOrder, type HotelOrderItem, type ProxyOrderItem } from "./entities.ts";
import { shopPrefixes, withinPrefixes } from "../clients/scope.ts";
import { txUpdate, type TxItem } from "../kernel/tx.ts";
import { boundedRows, checkDepth, listBounds, type ListSource } from "../kernel/list.ts";
import { listKey } from "../kernel/pageStarts.ts";
import { idPartition, mergedPage, rowsById, tallyVersion, type Partition } from "../kernel/mergedPages.ts";
import { readTotal } from "../kernel/counters.ts";
import { ownerOf, ownedByCaller, shopCondition, wholeTenant } from "../kernel/dataScope.ts";
import type { Counted, Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";
import { allOf, anyOf } from "../kernel/filter.ts";

/**
 * The order list (/order/list) and the proxy order list (/order/reservationservice): filtered by
 * store (within the caller's departments), status, category and order number, newest first.
 *
 * The tallies say which partitions hold rows for the filter; each is read for the rows up to the
 * page's end (keys only when deep) and merged by id. A filter on one store and one status reads one
 * partition per category; the total is the sum of the tallies it covers.
 */
export type OrderList = "order" | "proxy";
export type OrderFilter = { shop?: string; status?: number; checkinType?: string };

/** A partition's row count, and how often and when it last moved (the version of the lists it is part of). */
export type Tally = { checkinType: string; shop: string; status: number; n: number; moves: number; changedAt: number };

/** The creator's totals of orders and of proxy records ("only self" lists, kernel/counters.ts), moved in records.ts. */
export const ownerTotal = (list: OrderList, userId: number) => `${list}#owner#${userId}`;

/** Proxy records have no category of their own in their keys: their tallies use this one. */
const ANY = "-";

export const tallyItem = (tenantId: string, list: OrderList, t: Pick<Tally, "checkinType" | "shop" | "status">, delta: number): TxItem =>
  txUpdate(
    OrderTally.upsert({ tenantId, list, checkinType: list === "proxy" ? ANY : t.checkinType, shop: t.shop, status: t.status })
      .add({ n: delta, moves: 1 })
      .set({ changedAt: Date.now() }),
  );

/**
 * Every tally of a list, empty ones too (their moves are part of the version), read consistently;
 * or, given `statuses`, only theirs (a fraction of the partition leaves the table), read eventually.
 */
export async function readTallies(tenantId: string, list: OrderList, statuses?: readonly number[]): Promise<Tally[]> {
  const q = OrderTally.query.byList({ tenantId, list });
  const { data } = await (statuses ? q.where((a, op) => anyOf(...statuses.map((s) => op.eq(a.status, s)))) : q).go({ pages: "all", consistent: !statuses });
  return data.map((t) => ({ checkinType: t.checkinType, shop: t.shop, status: t.status, n: t.n ?? 0, moves: t.moves ?? 0, changedAt: t.changedAt ?? 0 }));
}

/**
 * The console's filtered export (web/src/areas/orders/ExportFiltered.tsx) reads an order list up to
 * 10,000 rows, 200 a page, so these lists serve pages ten times deeper than the kernel's bound
 * (ids only, about `need` in all). An export job of its own would lift this (docs/performance.md).
 */
const EXPORT_DEPTH = 10;

type Part = Partition<HotelOrderItem | ProxyOrderItem>;
/** The index a group of tallies is read on: by status (whole tenant), by store and status, or by store. */
type PartIndex = "byStatus" | "byShopStatus" | "byShop";
type Group = { n: number; index: PartIndex; tally: Tally };

/** A list's partitions: the whole list, or the rows of a tally's partition on an index (orders: of the tally's category). */
type Partitions = { all: (n: number) => Part; of: (index: PartIndex, n: number, t: Tally) => Part };

function orderPartitions(tenantId: string): Partitions {
  return {
    all: (n) => idPartition(n, () => HotelOrder.query.byId({ tenantId })),
    of: (index, n, t) => {
      const k = { tenantId, checkinType: t.checkinType };
      if (index === "byStatus") return idPartition(n, () => HotelOrder.query.byStatus({ ...k, status: t.status }));
      if (index === "byShopStatus") return idPartition(n, () => HotelOrder.query.byShopStatus({ ...k, shop: t.shop, status: t.status }));
      return idPartition(n, () => HotelOrder.query.byShop({ ...k, shop: t.shop }));
    },
  };
}

/** Proxy records have no category in their keys. */
function proxyPartitions(tenantId: string): Partitions {
  return {
    all: (n) => idPartition(n, () => ProxyOrder.query.byId({ tenantId })),
    of: (index, n, t) => {
      if (index === "byStatus") return idPartition(n, () => ProxyOrder.query.byStatus({ tenantId, status: t.status }));
      if (index === "byShopStatus") return idPartition(n, () => ProxyOrder.query.byShopStatus({ tenantId, shop: t.shop, status: t.status }));
      return idPartition(n, () => ProxyOrder.query.byShop({ tenantId, shop: t.shop }));
    },
  };
}

/** The tallies whose rows a filter covers. */
const covers = (list: OrderList, prefixes: string[], f: OrderFilter) => (t: Tally) =>
  withinPrefixes(prefixes, t.shop) && (f.status === undefined || t.status === f.status) && (list === "proxy" || !f.checkinType || t.checkinType === f.checkinType);

/** The partitions holding the rows of the covered tallies (`tallies`, already filtered). */
function partitions(tenantId: string, list: OrderList, prefixes: string[], f: OrderFilter, tallies: Tally[]): Part[] {
  const hits = tallies.filter((t) => t.n > 0);
  const whole = prefixes.length === 1 && prefixes[0] === "";
  const read = list === "order" ? orderPartitions(tenantId) : proxyPartitions(tenantId);
  const total = hits.reduce((s, t) => s + t.n, 0);
  if (whole && f.status === undefined && (list === "proxy" || !f.checkinType)) return total ? [read.all(total)] : [];
  // Group the tallies by the partition that holds their rows.
  const groups = new Map<string, Group>();
  for (const t of hits) {
    const byStatus = whole;
    const key = byStatus ? `${t.checkinType}|${t.status}` : f.status !== undefined ? `${t.checkinType}|${t.shop}|${t.status}` : `${t.checkinType}|${t.shop}`;
    const g = groups.get(key);
    if (g) {
      g.n += t.n;
      continue;
    }
    const index = byStatus ? "byStatus" : f.status !== undefined ? "byShopStatus" : "byShop";
    groups.set(key, { n: t.n, index, tally: t });
  }
  return [...groups.values()].map((g) => read.of(g.index, g.n, g.tally));
}

/**
 * How many orders of a status (and category) the caller's list would show (the workbench): the
 * tallies of `statuses` in reach, one Query of the tally partition for every status and category
 * asked, no rows read. An "only self" caller's orders by status have no tally: null (the workbench
 * shows the link without a number). A count may lag a write by a moment.
 */
export async function statusCounts(caller: Caller, list: OrderList, statuses: readonly number[]): Promise<((status: number, checkinType?: string) => number) | null> {
  if (ownerOf(caller) !== undefined) return null;
  const prefixes = shopPrefixes(caller);
  const tallies = await readTallies(caller.tenantId, list, statuses);
  return (status, checkinType) => tallies.filter(covers(list, prefixes, { status, checkinType })).reduce((s, t) => s + t.n, 0);
}

/** The total is exact (tallies) except for a filtered "only self" list, whose count is capped (kernel/list.ts). */
export type Page<T> = { rows: T[]; total: number | Counted };

export async function listOrders(caller: Caller, list: "order", p: Paging, f: OrderFilter): Promise<Page<HotelOrderItem>>;
export async function listOrders(caller: Caller, list: "proxy", p: Paging, f: OrderFilter): Promise<Page<ProxyOrderItem>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the two order entities' items, read alike (an ElectroDB edge)
export async function listOrders(caller: Caller, list: OrderList, p: Paging, f: OrderFilter): Promise<Page<any>> {
  const { tenantId } = caller;
  const ownerId = ownerOf(caller);
  // "Only self" reads by creator: without a store filter, wherever its orders lie.
  const prefixes = ownerId !== undefined && !f.shop?.trim() ? [""] : shopPrefixes(caller, f.shop);
  const keyword = p.keyword.trim();
  if (keyword) return byNumber(caller, list, keyword, prefixes, f);
  if (ownerId !== undefined) return ownOrders(tenantId, ownerId, list, prefixes, f, p);
  // Totals are the tallies (exact); a deep page merges ids only, never past EXPORT_DEPTH × depthCap rows.
  checkDepth(p, listBounds().depthCap * EXPORT_DEPTH);

  const from = (p.currentPage - 1) * p.pageSize;
  const tallies = (await readTallies(tenantId, list)).filter(covers(list, prefixes, f));
  const parts = partitions(tenantId, list, prefixes, f, tallies);
  const total = parts.reduce((s, x) => s + x.n, 0);
  if (total <= from) return { rows: [], total };
  const name = listKey("orders", tenantId, list, prefixes.join(","), f.status ?? "", f.checkinType ?? "");
  return { rows: await mergedPage(parts, p, { list: name, version: tallyVersion(tallies), load: (ids) => loadRows(tenantId, list, ids) }), total };
}

/**
 * An "only self" list: the creator's keys (OrderOwner), newest first, filtered by store, status,
 * category (proxy: orders with a proxy record) — one bounded Query. Unfiltered, the total is the
 * creator's own, kept in each order's transaction (exact); filtered, a capped count of that Query.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the two order entities' items (an ElectroDB edge)
async function ownOrders(tenantId: string, ownerId: number, list: OrderList, prefixes: string[], f: OrderFilter, p: Paging): Promise<Page<any>> {
  const category = list === "order" ? f.checkinType || "" : "";
  const filtered = !wholeTenant(prefixes) || f.status !== undefined || !!category;
  const src: ListSource<{ id: number; rsId?: number }> = {
    params: (order) =>
      OrderOwner.query
        .byOwner({ tenantId, createUser: ownerId })
        .where((a, op) =>
          allOf(
            shopCondition(op, a.shop, prefixes),
            f.status !== undefined && op.eq(a.status, f.status),
            category && op.eq(a.checkinType, category),
            list === "proxy" && op.gt(a.rsId, 0),
          ),
        )
        .params({ order }),
    parse: (items) => OrderOwner.parse({ Items: items }).data,
  };
  const { rows, total } = await boundedRows(src, p, filtered ? {} : { total: () => readTotal(tenantId, ownerTotal(list, ownerId)) });
  return {
    rows: await loadRows(
      tenantId,
      list,
      rows.map((r) => (list === "order" ? r.id : (r.rsId ?? 0))),
    ),
    total,
  };
}

/** The keyword is an order number (the proxy list: the record's number or its order's). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the two order entities' items (an ElectroDB edge)
async function byNumber(caller: Caller, list: OrderList, keyword: string, prefixes: string[], f: OrderFilter): Promise<Page<any>> {
  const { tenantId } = caller;
  const id = Number(keyword.replace(/^\D+/, ""));
  if (!Number.isSafeInteger(id) || id <= 0) return { rows: [], total: 0 };
  const [row] = await loadRows(tenantId, list, [id]);
  // "Only self": the order must carry its creator's key (as its list reads them) and be the caller's.
  const owned = async () => {
    if (ownerOf(caller) === undefined) return true;
    const o = list === "order" ? row : (await loadRows(tenantId, "order", [row.orderId]))[0];
    return !!o?.ownerKey && ownedByCaller(caller, o.createUser);
  };
  const fits =
    row &&
    withinPrefixes(prefixes, row.shop) &&
    (await owned()) &&
    (f.status === undefined || row.status === f.status) &&
    (list === "proxy" || !f.checkinType || (row as HotelOrderItem).checkinType === f.checkinType);
  return fits ? { rows: [row], total: 1 } : { rows: [], total: 0 };
}

/** Rows by id, in the order asked (a batch read answers in any order). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the two order entities' items (an ElectroDB edge)
export const loadRows = (tenantId: string, list: OrderList, ids: number[]): Promise<any[]> => rowsById<any>(list === "order" ? HotelOrder : ProxyOrder, tenantId, ids);
