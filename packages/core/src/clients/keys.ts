import { ClientMobile, ClientOwner, ClientTerm, type ClientItem } from "./entities.ts";
import { nameKeyOf, nameTerms, normaliseCode } from "./rules.ts";
import { digitTerms } from "./searchKeys.ts";
import { txDelete, txPut, type TxItem } from "../kernel/tx.ts";
import { totalDelta } from "../kernel/counters.ts";

/**
 * The search keys of a client and the guard that keeps a mobile unique within a shop. They are
 * written and removed in the same transaction as the client, so a key never points at nothing.
 */
export const DUPLICATE_MOBILE = "该门店已存在此手机号码的客户";

type KeySource = Pick<ClientItem, "tenantId" | "id" | "clientName" | "mobile" | "memberCode" | "shop" | "status" | "isMgr"> & { createUserId?: number };

export function terms(c: KeySource): { kind: string; term: string }[] {
  const { n1, n2 } = nameTerms(c.clientName);
  const code = normaliseCode(c.memberCode ?? "");
  return [...(n1 ? [{ kind: "n1", term: n1 }] : []), ...(n2 ? [{ kind: "n2", term: n2 }] : []), ...(code ? [{ kind: "code", term: code }] : []), ...digitTerms(c.mobile)];
}

/** One search key of a client (a name term or its member code), as the client service writes it. */
export const termItem = (c: KeySource, t: { kind: string; term: string }) => ({
  tenantId: c.tenantId,
  kind: t.kind,
  term: t.term,
  clientId: c.id,
  clientName: c.clientName,
  nameKey: nameKeyOf(c.clientName),
  mobile: c.mobile,
  memberCode: c.memberCode ?? "",
  shop: c.shop,
  status: c.status,
  isMgr: c.isMgr ?? 0,
  createUserId: c.createUserId ?? 0,
});

/** The guard item that keeps a mobile unique within a shop. */
export const mobileItem = (c: KeySource) => ({
  tenantId: c.tenantId,
  mobile: c.mobile,
  shop: c.shop,
  clientId: c.id,
  clientName: c.clientName,
  status: c.status,
  isMgr: c.isMgr ?? 0,
  createUserId: c.createUserId ?? 0,
});

/** Keys of a new client; the mobile guard refuses a mobile the shop already has. */
export function putKeys(c: KeySource): TxItem[] {
  return [txPut(ClientMobile.create(mobileItem(c)), DUPLICATE_MOBILE), ...terms(c).map((t) => txPut(ClientTerm.put(termItem(c, t))))];
}

export function deleteKeys(c: KeySource): TxItem[] {
  return [
    txDelete(ClientMobile.delete({ tenantId: c.tenantId, mobile: c.mobile, shop: c.shop })),
    ...terms(c).map((t) => txDelete(ClientTerm.delete({ tenantId: c.tenantId, kind: t.kind, term: t.term, clientId: c.id }))),
  ];
}

/**
 * Keys after an edit: the old keys go, the new ones come (a key present in both is rewritten, since
 * it carries the name, status and shop a search result shows).
 */
export function replaceKeys(before: KeySource, after: KeySource): TxItem[] {
  const sameMobile = before.mobile === after.mobile && before.shop === after.shop;
  const afterTerms = new Set(terms(after).map((t) => `${t.kind}|${t.term}`));
  return [
    ...(sameMobile
      ? [txPut(ClientMobile.put(mobileItem(after)))]
      : [txDelete(ClientMobile.delete({ tenantId: before.tenantId, mobile: before.mobile, shop: before.shop })), txPut(ClientMobile.create(mobileItem(after)), DUPLICATE_MOBILE)]),
    ...terms(before)
      .filter((t) => !afterTerms.has(`${t.kind}|${t.term}`))
      .map((t) => txDelete(ClientTerm.delete({ tenantId: before.tenantId, kind: t.kind, term: t.term, clientId: before.id }))),
    ...terms(after).map((t) => txPut(ClientTerm.put(termItem(after, t)))),
  ];
}

/** The creator's total of clients (kernel/counters.ts), which an unfiltered "only self" list shows. */
export const ownerTotal = (userId: number) => `client#owner#${userId}`;

/**
 * The creator's key of a client and its share of the creator's total (none for a client without a
 * creator: those made before creators were kept, and imports). `delta` +1 writes it, -1 removes it.
 */
export function ownerItems(c: KeySource, delta: 1 | -1): TxItem[] {
  const owner = c.createUserId ?? 0;
  if (!owner) return [];
  const key = { tenantId: c.tenantId, createUserId: owner, clientId: c.id };
  const write = delta > 0 ? txPut(ClientOwner.put({ ...key, shop: c.shop, status: c.status, isMgr: c.isMgr ?? 0 })) : txDelete(ClientOwner.delete(key));
  return [write, totalDelta(c.tenantId, ownerTotal(owner), delta)];
}

/** An edit rewrites the creator's key (what the list filters on may have changed); the total stays. */
export function ownerRewrite(c: KeySource): TxItem[] {
  const owner = c.createUserId ?? 0;
  if (!owner) return [];
  return [txPut(ClientOwner.put({ tenantId: c.tenantId, createUserId: owner, clientId: c.id, shop: c.shop, status: c.status, isMgr: c.isMgr ?? 0 }))];
}
