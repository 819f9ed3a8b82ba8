import { ClientMobile, ClientTerm } from "./entities.ts";
import { nameKeyOf, normaliseCode, planKeyword } from "./rules.ts";
import { planDigits } from "./searchKeys.ts";
import { countCapped, listBounds } from "../kernel/list.ts";
import type { Counted } from "../kernel/paging.ts";
import { shopCondition } from "../kernel/dataScope.ts";
import { allOf, anyOf } from "../kernel/filter.ts";

/**
 * Keyword lookups on the search keys (never on the clients themselves): an 11-digit mobile reads
 * its ClientMobile items; any other text reads the name key (first one or two characters) and the
 * member-code key. Filters travel to DynamoDB as FilterExpressions on the key items; totals are
 * DynamoDB counts (Select COUNT: nothing is transferred but the number), capped (kernel/list.ts
 * countCapped): a one-character surname in a huge tenant counts 1,000 keys, not all of them.
 */
export type Hit = { clientId: number; clientName: string; mobile: string; memberCode: string; shop: string; status: number; isMgr: number };
/** `ownerId`: an "only self" caller's keys alone (the client's creator, carried on each key). */
export type HitFilter = { prefixes: string[]; statuses?: number[]; notStatus?: number; excludeMgr?: boolean; ownerId?: number };

/**
 * What a hit filter reads of a search key in ElectroDB's `.where()` (ClientTerm and ClientMobile both
 * carry it): string attributes `S`, number attributes `N`, and the operations on them (ElectroDB's
 * own are assignable; `S` and `N` are inferred).
 */
type KeyAttrs<S, N> = { shop: S; status: N; isMgr: N; createUserId: N };
type KeyOps<S, N> = Record<"eq" | "begins", (attr: S, value: string) => string> & Record<"eq" | "ne", (attr: N, value: number) => string>;

/** The FilterExpression of a hit filter; "" when it filters nothing. */
function where<S, N>(a: KeyAttrs<S, N>, op: KeyOps<S, N>, f: HitFilter): string {
  return allOf(
    !f.prefixes.includes("") && shopCondition(op, a.shop, f.prefixes),
    !!f.statuses?.length && anyOf(...f.statuses.map((s) => op.eq(a.status, s))),
    f.notStatus !== undefined && op.ne(a.status, f.notStatus),
    !!f.excludeMgr && op.eq(a.isMgr, 0),
    f.ownerId !== undefined && op.eq(a.createUserId, f.ownerId),
  );
}

/** What a hit shows of a search key, ClientTerm or ClientMobile (a mobile key carries no member code). */
type KeyItem = { clientId: number; clientName?: string; mobile?: string; memberCode?: string; shop?: string; status?: number; isMgr?: number };

const toHit = (t: KeyItem): Hit => ({
  clientId: t.clientId,
  clientName: t.clientName ?? "",
  mobile: t.mobile ?? "",
  memberCode: t.memberCode ?? "",
  shop: t.shop ?? "",
  status: t.status ?? 1,
  isMgr: t.isMgr ?? 0,
});

/** Every match of an exact key (a mobile, a member code): a handful, read whole. */
const readExact = async (q: { go(o: { pages: "all" }): Promise<{ data: KeyItem[] }> }): Promise<Hit[]> => (await q.go({ pages: "all" })).data.map(toHit);

/** The queries a keyword runs: `names` may be large, `exact` (mobile, member code) is a handful. */
function queries(tenantId: string, keyword: string, f: HitFilter) {
  // Four or seven digits: a mobile's last four or first seven (searchKeys.ts), or a member code.
  const digits = planDigits(keyword);
  if (digits) {
    return {
      names: ClientTerm.query.byTerm({ tenantId, kind: digits.kind, term: digits.term }).where((a, op) => where(a, op, f)),
      exact: () => readExact(ClientTerm.query.byTerm({ tenantId, kind: "code", term: normaliseCode(keyword) }).where((a, op) => where(a, op, f))),
      prefix: "",
    };
  }
  const plan = planKeyword(keyword);
  if (!plan) return null;
  if (plan.kind === "mobile") {
    return { names: null, exact: () => readExact(ClientMobile.query.byMobile({ tenantId, mobile: plan.mobile }).where((a, op) => where(a, op, f))), prefix: "" };
  }
  const long = plan.nameKind === "n2" && Array.from(plan.namePrefix).length > 2;
  return {
    names: ClientTerm.query.byTerm({ tenantId, kind: plan.nameKind, term: plan.nameTerm }).where((a, op) => allOf(where(a, op, f), long && op.begins(a.nameKey, plan.namePrefix))),
    exact: plan.code ? () => readExact(ClientTerm.query.byTerm({ tenantId, kind: "code", term: plan.code }).where((a, op) => where(a, op, f))) : null,
    prefix: plan.namePrefix,
  };
}

/**
 * The first `need` matches of a keyword in `order` (newest first unless asked) and, when asked, how
 * many there are, counted up to the cap. Names are read `need` at a time; exact matches (mobile,
 * member code) are few and read whole.
 */
export async function keywordHits(
  tenantId: string,
  keyword: string,
  f: HitFilter,
  need: number,
  withTotal = false,
  order: "asc" | "desc" = "desc",
): Promise<{ hits: Hit[]; total: number | Counted }> {
  const q = queries(tenantId, keyword, f);
  if (!q) return { hits: [], total: 0 };
  // Each read takes at least 100 keys: a prefix or department filter may keep few of them, and
  // reading 20 at a time would cost a round trip per 20 keys.
  const opts = { order, limit: Math.min(Math.max(need, 100), 1000), count: need };
  const [namesRead, exact] = await Promise.all([q.names ? q.names.go(opts) : Promise.resolve(null), q.exact ? q.exact() : Promise.resolve([] as Hit[])]);
  const names = (namesRead?.data ?? []).map(toHit);
  // The count goes on from where the names stopped: no key is read twice, and none when the names ended.
  const nameCount: Counted =
    withTotal && q.names && namesRead?.cursor
      ? await countCapped(q.names.params({ order }), { cursor: namesRead.cursor, before: names.length })
      : { total: names.length, capped: false };
  const byId = new Map<number, Hit>();
  for (const h of [...exact, ...names]) byId.set(h.clientId, h);
  const hits = [...byId.values()].sort((a, b) => (order === "asc" ? a.clientId - b.clientId : b.clientId - a.clientId)).slice(0, need);
  // A member code that is also the start of the client's name is in both sets: counted once.
  const both = exact.filter((h: Hit) => q.prefix && nameKeyOf(h.clientName).startsWith(q.prefix)).length;
  if (!q.names) return { hits, total: exact.length };
  const total = nameCount.total + exact.length - both;
  return { hits, total: nameCount.capped ? { total: Math.min(total, listBounds().countCap), capped: true } : total };
}
