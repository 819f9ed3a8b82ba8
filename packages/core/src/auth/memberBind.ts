import { checkSmsCode } from "./smsCodes.ts";
import { MEMBER_ACCOUNT_MSG as MSG } from "./memberMessages.ts";
import type { MemberBindInput } from "./schemas.ts";
import { membersChanged, type Member } from "./memberAuth.ts";
import { MobileUser, MobileUserKey, UserLogin, type MobileUserItem } from "../users/entities.ts";
import { Client, ClientMobile, type ClientItem } from "../clients/entities.ts";
import { createItems } from "../clients/service.ts";
import { DUPLICATE_MOBILE } from "../clients/keys.ts";
import { PROSPECT_STATUS } from "../clients/rules.ts";
import { DEPARTMENT_TREE, OrgNode } from "../org/entities.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { anyOf } from "../kernel/filter.ts";
import { CONFLICT, retryRaces, transact, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";

/**
 * A member binds their own mobile (issue 34, `POST /xiangyu/api/mp/bind`): with the SMS code sent to
 * it (smsCodes.ts), the signed-in mobile user is bound to the tenant's client of that mobile, or to a
 * new client registered for it in the tenant's default store.
 *
 * The binding is the state the staff's binding writes (users/mobile.ts `bindMobileUser`, R389): the
 * client carries the mobile user's `userId` as its `globalId` (what "bound to the mini-program", R165,
 * reads) and the mobile user the client's id; the client it was bound to before is let go. Here it is
 * one transaction with the mobile user's new mobile (and its `m:` key), the code used up, and each
 * write conditioned on what was read, so two binds racing for one client or one member cannot both
 * land (the loser reads again and is refused or re-planned).
 *
 * Which client: the one already bound to this member; else the oldest of the mobile's clients (a
 * mobile is unique per store, not per tenant). A mobile any of whose clients is bound to another
 * mobile user is refused (该手机号已绑定其他微信用户): staff unbind it on 小程序用户 first.
 *
 * The default store, for a mobile no client has: the tenant's first store, i.e. the first node
 * without children of the department tree in code order (codes sort depth-first, so it is the first
 * store of the first branch: 001001 in the demo). Ours; docs/api.md says so.
 */
export type MemberBinding = { mobileUserId: number; clientId: number; clientName: string; mobile: string; realname: string; created: boolean };

/** A condition a concurrent bind broke: the bind is planned again from fresh reads. */
const RACE = "member-bind:race";

/** The first store of the department tree (see above), or null when the tenant has none. */
export async function defaultStore(tenantId: string): Promise<string | null> {
  const { data } = await OrgNode.query.byCode({ tenantId, orgType: DEPARTMENT_TREE }).go({ limit: 100 });
  const open = data.filter((n) => n.idisplay !== 0);
  return (open.find((n) => !n.childCount) ?? open[0])?.orgCode ?? null;
}

/** The tenant's clients with this mobile (one per store at most), oldest first. */
async function clientsOfMobile(tenantId: string, mobile: string): Promise<ClientItem[]> {
  const { data: keys } = await ClientMobile.query.byMobile({ tenantId, mobile }).go({ limit: 100 });
  if (!keys.length) return [];
  const { data } = await Client.get(keys.map((k) => ({ tenantId, id: k.clientId }))).go();
  return data.sort((a, b) => a.id - b.id);
}

/** A new client of the mobile in the default store, bound to the member from its first write. */
async function newClient(m: MobileUserItem, mobile: string): Promise<ClientItem> {
  const { tenantId } = m;
  const [shop, staff] = await Promise.all([defaultStore(tenantId), UserLogin.get({ tenantId, login: mobile }).go()]);
  if (!shop) throw new DomainError(MSG.noStore, "409");
  const id = await nextId(tenantId, "client");
  return {
    tenantId,
    id,
    globalId: m.userId,
    clientName: m.realname || `会员${mobile.slice(-4)}`,
    mobile,
    sex: m.sex ?? "",
    shop,
    status: PROSPECT_STATUS,
    isMgr: staff.data ? 1 : 0,
    workOrderStatus: "",
    createUserId: 0,
    createTime: formatDateTime(),
    rev: 0,
  } as ClientItem;
}

/** Binds an existing client: conditioned on it being free or already this member's. */
const claimClient = (c: ClientItem, userId: string): TxItem =>
  txUpdate(
    Client.patch({ tenantId: c.tenantId, id: c.id })
      .set({ globalId: userId })
      .add({ rev: 1 })
      .where((a, op) => anyOf(op.eq(a.globalId, ""), op.notExists(a.globalId), op.eq(a.globalId, userId))),
    RACE,
  );

/** Lets go of the client the member was bound to before (only while it is still bound to them). */
async function releaseItems(m: MobileUserItem, keep: number): Promise<TxItem[]> {
  if (!m.clientId || m.clientId === keep) return [];
  const { data: old } = await Client.get({ tenantId: m.tenantId, id: m.clientId }).go();
  if (!old || old.globalId !== m.userId) return [];
  return [
    txUpdate(
      Client.patch({ tenantId: m.tenantId, id: old.id })
        .set({ globalId: "" })
        .add({ rev: 1 })
        .where((a, op) => op.eq(a.globalId, m.userId)),
      RACE,
    ),
  ];
}

/** The mobile user's side: its client, mobile and (when it had none) name, with its `m:` key moved. */
function memberItems(m: MobileUserItem, client: ClientItem, mobile: string): TxItem[] {
  const { tenantId, id } = m;
  const was = m.mobile ?? "";
  return [
    txUpdate(
      MobileUser.patch({ tenantId, id })
        .set({ clientId: client.id, mobile, realname: m.realname || client.clientName })
        .where((a, op) => op.eq(a.clientId, m.clientId ?? 0)),
      RACE,
    ),
    ...(was && was !== mobile ? [txDelete(MobileUserKey.delete({ tenantId, key: `m:${was}`, mobileUserId: id }))] : []),
    ...(was !== mobile ? [txPut(MobileUserKey.put({ tenantId, key: `m:${mobile}`, mobileUserId: id }))] : []),
  ];
}

async function bindOnce(member: Member, mobile: string, useCode: TxItem | null): Promise<MemberBinding> {
  const { tenantId, mobileUserId } = member;
  const [{ data: m }, clients] = await Promise.all([MobileUser.get({ tenantId, id: mobileUserId }).go({ consistent: true }), clientsOfMobile(tenantId, mobile)]);
  if (!m) throw new DomainError("小程序用户不存在或已被删除", "404");
  if (clients.some((c) => c.globalId && c.globalId !== m.userId)) throw new DomainError(MSG.boundElsewhere, "409");
  const existing = clients.find((c) => c.globalId === m.userId) ?? clients[0];
  const client = existing ?? (await newClient(m, mobile));
  await transact([
    ...(existing ? [claimClient(existing, m.userId)] : createItems(client)),
    ...(await releaseItems(m, client.id)),
    ...memberItems(m, client, mobile),
    ...(useCode ? [useCode] : []),
  ]);
  // Containers that remember this member read its new client and mobile (auth/memberAuth.ts).
  await membersChanged(tenantId);
  return { mobileUserId, clientId: client.id, clientName: client.clientName, mobile, realname: m.realname || client.clientName, created: !existing };
}

/** `POST /xiangyu/api/mp/bind`: the code checked once, then the bind (again from fresh reads when a concurrent write got in between). */
export async function bindMemberMobile(member: Member, input: MemberBindInput): Promise<MemberBinding> {
  const useCode = await checkSmsCode(member, input.mobile, input.smsCode);
  // Two first binds of one new mobile race for its store's mobile guard: the loser finds the winner's client.
  return retryRaces(() => bindOnce(member, input.mobile, useCode), [RACE, DUPLICATE_MOBILE], 4).catch((e: unknown) => {
    throw e instanceof DomainError && e.desc === RACE ? new DomainError(CONFLICT, "409") : e;
  });
}
