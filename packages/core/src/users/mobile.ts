import { MobileUser, MobileUserKey, UserTally, type MobileUserItem } from "./entities.ts";
import { MOBILE_PATTERN } from "./rules.ts";
import { Client } from "../clients/entities.ts";
import { bindMiniProgramUser } from "../clients/service.ts";
import { assertClientWritable } from "../clients/scope.ts";
import { nextIds } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams, type Paging } from "../kernel/paging.ts";
import { readPage, type PageRun } from "../kernel/list.ts";
import { transact, txDelete, txPut, txUpdate } from "../kernel/tx.ts";
import type { Caller } from "../kernel/context.ts";
import { membersChanged } from "../auth/memberAuth.ts";

/**
 * Mobile (mini-program) users (R389): the list, enable/disable (P), delete (D), and binding one to a
 * client (the booking rule R165 needs a bound client): the client then carries the mobile user's
 * `userId` as its globalId. Registration itself is the mini-program's; `registerMobileUsers` is
 * what it (and the demo seed) calls.
 */
export const MOBILE_MSG = {
  notFound: "小程序用户不存在或已被删除",
  clientMissing: "客户不存在或已被删除",
  boundElsewhere: "该客户已绑定其他小程序用户",
  notBound: "该小程序用户未绑定客户",
} as const;

export type MobileUserRow = {
  id: number;
  userId: string;
  realname: string;
  picture: string;
  mobile: string;
  sex: string;
  createTime: string;
  displayornot: number;
  clientId: number;
};

const rowOf = (m: MobileUserItem): MobileUserRow => ({
  id: m.id,
  userId: m.userId,
  realname: m.realname ?? "",
  picture: m.picture ?? "",
  mobile: m.mobile ?? "",
  sex: m.sex ?? "",
  createTime: m.createTime ?? "",
  displayornot: m.displayornot ?? 1,
  clientId: m.clientId ?? 0,
});

const TALLY = "mobile";

/** The key a keyword names: a full mobile, else the mini-program's own user id. */
const keyOf = (keyword: string) => (MOBILE_PATTERN.test(keyword) ? `m:${keyword}` : `u:${keyword}`);

/** Newest first, paged; a keyword is an exact mobile or mini-program user id (one key read). */
export async function listMobileUsers(caller: Caller, p: Paging): Promise<Envelope<never, MobileUserRow>> {
  const { tenantId } = caller;
  const k = p.keyword.trim();
  if (k) {
    const { data: keys } = await MobileUserKey.query.byKey({ tenantId, key: keyOf(k) }).go({ limit: 50 });
    const ids = keys.map((x) => x.mobileUserId).sort((a, b) => (p.order === "asc" ? a - b : b - a));
    const page = ids.slice((p.currentPage - 1) * p.pageSize, p.currentPage * p.pageSize);
    const { data } = page.length ? await MobileUser.get(page.map((id) => ({ tenantId, id }))).go() : { data: [] as MobileUserItem[] };
    const byId = new Map(data.map((m) => [m.id, m]));
    return okList(
      page.flatMap((id) => (byId.has(id) ? [rowOf(byId.get(id)!)] : [])),
      pageParams(p, ids.length),
    );
  }
  const order = p.order === "asc" ? "asc" : "desc";
  const run: PageRun<MobileUserItem> = ({ limit, cursor, keysOnly }) =>
    MobileUser.query.byId({ tenantId }).go({ count: limit, cursor, order, ...(keysOnly ? { attributes: ["tenantId", "id"] } : {}) } as never) as never;
  const [rows, total] = await Promise.all([readPage(run, p), UserTally.get({ tenantId, name: TALLY }).go()]);
  return okList(rows.map(rowOf), pageParams(p, Math.max(0, total.data?.n ?? 0)));
}

async function found(tenantId: string, ids: number[]): Promise<MobileUserItem[]> {
  const { data } = await MobileUser.get(ids.map((id) => ({ tenantId, id }))).go();
  return data;
}

/** users/m/passed: flips each named user between enabled and disabled. */
export async function toggleMobileUsers(caller: Caller, ids: number[]): Promise<number[]> {
  const users = await found(caller.tenantId, ids);
  if (users.length === 0) throw new DomainError(MOBILE_MSG.notFound, "404");
  for (const m of users)
    await MobileUser.patch({ tenantId: caller.tenantId, id: m.id })
      .set({ displayornot: m.displayornot === 1 ? 0 : 1 })
      .go();
  // Containers that remember these members read them again (auth/memberAuth.ts).
  await membersChanged(caller.tenantId);
  return users.map((m) => m.id);
}

/** users/m/delete: the user, its keys and its place in the tally; a bound client is unbound. */
export async function deleteMobileUsers(caller: Caller, ids: number[]): Promise<number[]> {
  const { tenantId } = caller;
  const users = await found(tenantId, ids);
  if (users.length === 0) throw nothingDeleted();
  for (const m of users) {
    await transact([
      txDelete(MobileUser.delete({ tenantId, id: m.id })),
      ...keysOf(m).map((key) => txDelete(MobileUserKey.delete({ tenantId, key, mobileUserId: m.id }))),
      txUpdate(UserTally.update({ tenantId, name: TALLY }).add({ n: -1 })),
    ]);
    if (m.clientId) await bindMiniProgramUser(tenantId, m.clientId, "").catch(() => undefined);
  }
  await membersChanged(tenantId);
  return users.map((m) => m.id);
}

const keysOf = (m: Pick<MobileUserItem, "mobile" | "userId">) => [...(m.mobile ? [`m:${m.mobile}`] : []), `u:${m.userId}`];

/**
 * Binds a mobile user to a client the caller may write (its shop in their departments): the client
 * gets the user's id as globalId (R165), the user the client's id. A client bound to another user
 * is refused; binding again to the same client is a no-op.
 */
export async function bindMobileUser(caller: Caller, id: number, clientId: number): Promise<MobileUserRow> {
  const { tenantId } = caller;
  const [m] = await found(tenantId, [id]);
  if (!m) throw new DomainError(MOBILE_MSG.notFound, "404");
  const { data: client } = await Client.get({ tenantId, id: clientId }).go();
  if (!client) throw new DomainError(MOBILE_MSG.clientMissing, "404");
  assertClientWritable(caller, client);
  if (client.globalId && client.globalId !== m.userId) throw new DomainError(MOBILE_MSG.boundElsewhere, "400");
  if (m.clientId && m.clientId !== clientId) await bindMiniProgramUser(tenantId, m.clientId, "");
  await bindMiniProgramUser(tenantId, clientId, m.userId);
  await MobileUser.patch({ tenantId, id }).set({ clientId }).go();
  await membersChanged(tenantId);
  return rowOf({ ...m, clientId });
}

export async function unbindMobileUser(caller: Caller, id: number): Promise<MobileUserRow> {
  const { tenantId } = caller;
  const [m] = await found(tenantId, [id]);
  if (!m) throw new DomainError(MOBILE_MSG.notFound, "404");
  if (!m.clientId) throw new DomainError(MOBILE_MSG.notBound, "400");
  const { data: client } = await Client.get({ tenantId, id: m.clientId }).go();
  if (client) {
    assertClientWritable(caller, client);
    if (client.globalId === m.userId) await bindMiniProgramUser(tenantId, client.id, "");
  }
  await MobileUser.patch({ tenantId, id }).set({ clientId: 0 }).go();
  await membersChanged(tenantId);
  return rowOf({ ...m, clientId: 0 });
}

export type NewMobileUser = { userId: string; realname?: string; mobile?: string; sex?: string; picture?: string; clientId?: number };

/** Registers mini-program users (the mini-program's sign-up, the demo seed). */
export async function registerMobileUsers(tenantId: string, users: NewMobileUser[]): Promise<number[]> {
  if (users.length === 0) return [];
  const first = await nextIds(tenantId, "mobileUser", users.length);
  const createTime = formatDateTime();
  const ids: number[] = [];
  for (const [i, u] of users.entries()) {
    const item = {
      tenantId,
      id: first + i,
      userId: u.userId,
      realname: u.realname ?? "",
      mobile: u.mobile ?? "",
      sex: u.sex ?? "",
      picture: u.picture ?? "",
      createTime,
      displayornot: 1,
      clientId: u.clientId ?? 0,
    };
    await transact([
      txPut(MobileUser.create(item)),
      ...keysOf(item).map((key) => txPut(MobileUserKey.put({ tenantId, key, mobileUserId: item.id }))),
      txUpdate(UserTally.update({ tenantId, name: TALLY }).add({ n: 1 })),
    ]);
    ids.push(item.id);
  }
  return ids;
}
