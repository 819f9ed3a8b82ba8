import { ClientMobile, ClientTerm } from "./entities.ts";
import { nameKeyOf, normaliseCode, planKeyword } from "./rules.ts";
import { planDigits } from "./searchKeys.ts";
import { countCapped, listBounds } from "../kernel/list.ts";
import type { Counted } from "../kernel/paging.ts";
import { shopCondition } from "../kernel/dataScope.ts";

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

type Attr = { [k: string]: any };
type Ops = { begins: (a: any, v: any) => string; eq: (a: any, v: any) => string; ne: (a: any, v: any) => string };

/** The FilterExpression of a hit filter; "" when it filters nothing. */
function where(a: Attr, op: Ops, f: HitFilter): string {
  const parts: string[] = [];
  const shops = f.prefixes.includes("") ? "" : shopCondition(op, a.shop, f.prefixes);
  if (shops) parts.push(shops);
  if (f.statuses?.length) parts.push(`(${f.statuses.map((s) => op.eq(a.status, s)).join(" OR ")})`);
  if (f.notStatus !== undefined) parts.push(op.ne(a.status, f.notStatus));
  if (f.excludeMgr) parts.push(op.eq(a.isMgr, 0));
  if (f.ownerId !== undefined) parts.push(op.eq(a.createUserId, f.ownerId));
  return parts.join(" AND ");
}

const toHit = (t: any): Hit => ({
  clientId: t.clientId,
  clientName: t.clientName ?? "",
  mobile: t.mobile ?? "",
  memberCode: t.memberCode ?? "",
  shop: t.shop ?? "",
  status: t.status ?? 1,
  isMgr: t.isMgr ?? 0,
});

/** The queries a keyword runs: `names` may be large, `exact` (mobile, member code) is a handful. */
function queries(tenantId: string, keyword: string, f: HitFilter) {
  // Four or seven digits: a mobile's last four or first seven (searchKeys.ts), or a member code.
  const digits = planDigits(keyword);
  if (digits) {
    return {
      names: ClientTerm.query.byTerm({ tenantId, kind: digits.kind, term: digits.term }).where((a, op) => where(a, op as any, f)),
      exact: ClientTerm.query.byTerm({ tenantId, kind: "code", term: normaliseCode(keyword) }).where((a, op) => where(a, op as any, f)),
      prefix: "",
    };
  }
  const plan = planKeyword(keyword);
  if (!plan) return null;
  if (plan.kind === "mobile") {
    return { names: null, exact: ClientMobile.query.byMobile({ tenantId, mobile: plan.mobile }).where((a, op) => where(a, op as any, f)), prefix: "" };
  }
  const long = plan.nameKind === "n2" && Array.from(plan.namePrefix).length > 2;
  return {
    names: ClientTerm.query
      .byTerm({ tenantId, kind: plan.nameKind, term: plan.nameTerm })
      .where((a, op) => [where(a, op as any, f), long ? op.begins(a.nameKey, plan.namePrefix) : ""].filter(Boolean).join(" AND ")),
    exact: plan.code ? ClientTerm.query.byTerm({ tenantId, kind: "code", term: plan.code }).where((a, op) => where(a, op as any, f)) : null,
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
  const [namesRead, exact] = await Promise.all([
    q.names ? q.names.go(opts) : Promise.resolve(null),
    q.exact ? (q.exact as any).go({ pages: "all" }).then((r: any) => r.data.map(toHit) as Hit[]) : Promise.resolve([] as Hit[]),
  ]);
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
