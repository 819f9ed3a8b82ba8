import { Client, ClientOwner, type ClientItem } from "./entities.ts";
import { withCurrentLevels } from "./memberLevel.ts";
import { ownerTotal } from "./keys.ts";
import { readTallies, tallyMatches, type Tally } from "./tally.ts";
import { keywordHits, type HitFilter } from "./search.ts";
import { namingFor, type Naming } from "./lookups.ts";
import { shopPrefixes, withinPrefixes } from "./scope.ts";
import { PROSPECT_STATUS } from "./rules.ts";
import { boundedRows, checkDepth, type ListSource } from "../kernel/list.ts";
import { FULL_READ, deepPageIds, idPartition, rowsById, tallyVersion } from "../kernel/mergedPages.ts";
import { listKey } from "../kernel/pageStarts.ts";
import { readTotal } from "../kernel/counters.ts";
import { ownerOf, shopCondition, wholeTenant } from "../kernel/dataScope.ts";
import type { Counted, Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";
import { allOf, type WhereAttrs, type WhereOps } from "../kernel/filter.ts";

/**
 * The client and member lists (R277): shop (within the caller's departments), status, keyword,
 * 'exclude staff members'. Each list reads the partitions that hold exactly its rows, newest first,
 * and merges them; the total is the sum of the tallies the filter covers (a keyword list counts its
 * key matches instead, which are bounded by the keyword, not by the tenant).
 *
 * The partitions to read are known from the cached shops and statuses, so they are read at the same
 * time as the tallies; a tally naming a shop or status the cache does not know yet (a shop created
 * seconds ago) adds its partition in a second step.
 */
export type ClientFilter = { shop?: string; status?: number; excludeMgr?: boolean; /** member list: every status but 1 */ membersOnly?: boolean };

type Row = { id: number } & Partial<ClientItem>;
/** A partition of the client list: one of the client's indexes, by the filter. */
type Part = { key: string; query: () => ClientQuery };
type ClientQuery = ReturnType<(typeof Client.query)["byId" | "byStatus" | "byShop" | "byShopStatus"]>;

/** The partition (its `Part.key`) that holds a tally's rows under a filter: the keys partitionsFor gives. */
function partKeyOf(prefixes: string[], f: ClientFilter, t: Tally): string {
  const whole = prefixes.length === 1 && prefixes[0] === "";
  const test = statusTest(f);
  if (whole) return test ? `s|${t.status}` : "all";
  return test ? `ps|${t.shop}|${t.status}` : `p|${t.shop}`;
}

const statusTest = (f: ClientFilter) => (f.status !== undefined ? (s: number) => s === f.status : f.membersOnly ? (s: number) => s !== PROSPECT_STATUS : undefined);

/** The partitions a filter reads, for the given shops (exact codes) and statuses. */
function partitionsFor(tenantId: string, prefixes: string[], f: ClientFilter, shops: string[], statuses: number[]): Part[] {
  const whole = prefixes.length === 1 && prefixes[0] === "";
  const test = statusTest(f);
  const wanted = test ? [...new Set(statuses)].filter(test) : [];
  if (whole) {
    if (!test) return [{ key: "all", query: () => Client.query.byId({ tenantId }) }];
    return wanted.map((status) => ({ key: `s|${status}`, query: () => Client.query.byStatus({ tenantId, status }) }));
  }
  const inside = [...new Set(shops)].filter((s) => withinPrefixes(prefixes, s));
  if (!test) return inside.map((shop) => ({ key: `p|${shop}`, query: () => Client.query.byShop({ tenantId, shop }) }));
  return inside.flatMap((shop) => wanted.map((status) => ({ key: `ps|${shop}|${status}`, query: () => Client.query.byShopStatus({ tenantId, shop, status }) })));
}

/** The 'exclude staff members' filter on a partition's Query (any index of the client, with or without a key range). */
const staffOut = <R>(q: { where(filter: (a: WhereAttrs<typeof Client>, op: WhereOps<typeof Client>) => string): R }): R => q.where((a, { eq }) => eq(a.isMgr, 0));
const partQuery = (p: Part, excludeMgr: boolean) => (excludeMgr ? staffOut(p.query()) : p.query());

async function readPart(p: Part, need: number, order: "asc" | "desc", excludeMgr: boolean): Promise<Row[]> {
  const q = partQuery(p, excludeMgr);
  // Limit bounds each read to what the page needs (without it DynamoDB reads 1 MB per call);
  // count keeps reading when the staff filter dropped rows.
  const { data } = await q.go({ limit: need, count: need, order });
  return data;
}

export type ClientPage = { rows: ClientItem[]; total: number | Counted };

/**
 * The shops a list reads: the caller's reach narrowed by the shop filter; an "only self" caller
 * reads by creator, so without a filter its shops are the whole tenant (the owner test does the rest).
 */
const listPrefixes = (caller: Caller, shop?: string): string[] => (ownerOf(caller) !== undefined && !shop?.trim() ? [""] : shopPrefixes(caller, shop));

export async function listClients(caller: Caller, p: Paging, f: ClientFilter): Promise<ClientPage> {
  const { tenantId } = caller;
  const prefixes = listPrefixes(caller, f.shop);
  const ownerId = ownerOf(caller);
  const need = p.currentPage * p.pageSize;
  const from = (p.currentPage - 1) * p.pageSize;
  const order = p.order === "asc" ? "asc" : "desc";
  const byOrder = (a: number, b: number) => (order === "asc" ? a - b : b - a);
  const x = !!f.excludeMgr;
  // No page ends past the depth bound: a deep page costs at most `depthCap` ids (kernel/list.ts).
  checkDepth(p);

  if (p.keyword) {
    const hf: HitFilter = {
      prefixes,
      statuses: f.status !== undefined ? [f.status] : undefined,
      notStatus: f.status === undefined && f.membersOnly ? PROSPECT_STATUS : undefined,
      excludeMgr: f.excludeMgr,
      ownerId,
    };
    // The first `need` matches in the list's order hold the page; the total is counted up to the cap.
    const { hits, total } = await keywordHits(tenantId, p.keyword, hf, need, true, order);
    const ids = hits
      .map((h) => h.clientId)
      .sort(byOrder)
      .slice(from, from + p.pageSize);
    return { rows: await loadClients(tenantId, ids), total };
  }

  if (ownerId !== undefined) return ownList(tenantId, ownerId, prefixes, f, p);
  if (need > FULL_READ) return deepPage(tenantId, prefixes, f, p);
  const naming: Naming = await namingFor(tenantId);
  const planned = partitionsFor(tenantId, prefixes, f, naming.shopCodes, naming.statuses);
  const reads = new Map(planned.map((part) => [part.key, readPart(part, need, order, x)]));
  const tallies = (await readTallies(tenantId)).filter((t) => tallyMatches(t, { prefixes, statuses: statusTest(f), excludeMgr: x }));
  const total = tallies.reduce((s, t) => s + t.n, 0);
  for (const part of partitionsFor(
    tenantId,
    prefixes,
    f,
    tallies.map((t: Tally) => t.shop),
    tallies.map((t: Tally) => t.status),
  )) {
    if (!reads.has(part.key)) reads.set(part.key, readPart(part, need, order, x));
  }
  const rows = (await Promise.all(reads.values()))
    .flat()
    .sort((a, b) => byOrder(a.id, b.id))
    .slice(from, from + p.pageSize);
  if (total <= from || rows.length === 0) return { rows: [], total };
  return { rows: rows as ClientItem[], total };
}

/**
 * A deep page: the partitions' ids merged by id, each partition read for its share by its tallies,
 * starting from the id remembered under the covered tallies' version (kernel/mergedPages.ts); then
 * one batch of the page's rows.
 */
async function deepPage(tenantId: string, prefixes: string[], f: ClientFilter, p: Paging): Promise<ClientPage> {
  const from = (p.currentPage - 1) * p.pageSize;
  const x = !!f.excludeMgr;
  const covered = (await readTallies(tenantId, true)).filter((t) => tallyMatches(t, { prefixes, statuses: statusTest(f), excludeMgr: x }));
  const tallies = covered.filter((t) => t.n > 0);
  const total = tallies.reduce((s, t) => s + t.n, 0);
  if (total <= from) return { rows: [], total };
  const counts = new Map<string, number>();
  for (const t of tallies) counts.set(partKeyOf(prefixes, f, t), (counts.get(partKeyOf(prefixes, f, t)) ?? 0) + t.n);
  const parts = partitionsFor(
    tenantId,
    prefixes,
    f,
    tallies.map((t) => t.shop),
    tallies.map((t) => t.status),
  ).map((part) => idPartition(counts.get(part.key) ?? 0, part.query, x ? staffOut : undefined));
  const list = listKey("clients", tenantId, prefixes.join(","), f.status ?? "", f.membersOnly ? "members" : "", x ? "noStaff" : "");
  const ids = await deepPageIds(parts, p, { list, version: tallyVersion(covered) });
  return { rows: await loadClients(tenantId, ids), total };
}

/**
 * An "only self" list: the creator's keys (ClientOwner), newest first, filtered by shop, status and
 * staff flag — one bounded Query (kernel/list.ts). Unfiltered, the total is the creator's own
 * (kept in each client's transaction, exact); filtered, a capped count of the same Query.
 */
async function ownList(tenantId: string, ownerId: number, prefixes: string[], f: ClientFilter, p: Paging): Promise<ClientPage> {
  const test = f.status !== undefined || f.membersOnly;
  const filtered = !wholeTenant(prefixes) || test || !!f.excludeMgr;
  const src: ListSource<{ clientId: number }> = {
    params: (order) =>
      ClientOwner.query
        .byOwner({ tenantId, createUserId: ownerId })
        .where((a, op) =>
          allOf(
            shopCondition(op, a.shop, prefixes),
            f.status !== undefined ? op.eq(a.status, f.status) : f.membersOnly && op.ne(a.status, PROSPECT_STATUS),
            f.excludeMgr && op.eq(a.isMgr, 0),
          ),
        )
        .params({ order }),
    parse: (items) => ClientOwner.parse({ Items: items }).data,
  };
  const { rows, total } = await boundedRows(src, p, filtered ? {} : { total: () => readTotal(tenantId, ownerTotal(ownerId)) });
  return {
    rows: await loadClients(
      tenantId,
      rows.map((r) => r.clientId),
    ),
    total,
  };
}

/** Clients by id, in the order asked (a batch read answers in any order), with a lapsed member level derived again (clients/memberLevel.ts). */
export async function loadClients(tenantId: string, ids: number[]): Promise<ClientItem[]> {
  return withCurrentLevels(await rowsById<ClientItem>(Client, tenantId, ids));
}

export const SEARCH_LIMIT = 20;

/** The client finder of the wizards (searchclient): newest matches in the caller's departments. */
export type ClientFinderRow = Awaited<ReturnType<typeof searchClients>>[number];
export async function searchClients(caller: Caller, keyword: string) {
  const { hits } = await keywordHits(caller.tenantId, keyword, { prefixes: listPrefixes(caller), ownerId: ownerOf(caller) }, SEARCH_LIMIT);
  return hits.map((h) => ({ id: h.clientId, clientName: h.clientName, mobile: h.mobile, memberCode: h.memberCode, shop: h.shop, status: h.status }));
}
