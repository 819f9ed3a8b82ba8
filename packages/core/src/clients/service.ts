import { Client, type ClientItem } from "./entities.ts";
import { putKeys, deleteKeys, replaceKeys, ownerItems, ownerRewrite } from "./keys.ts";
import { tallyDelta } from "./tally.ts";
import { assertClientWritable, assertShopWritable } from "./scope.ts";
import { bucketOf, sameBucket } from "./rules.ts";
import type { Naming } from "./lookups.ts";
export { namingFor } from "./lookups.ts";
import type { ClientInput } from "./schemas.ts";
import { MembershipAccount } from "./ledger/entities.ts";
import { UserLogin } from "../users/entities.ts";
import { DEPARTMENT_TREE, OrgNode } from "../org/entities.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { transact, txPut, txDelete, type TxItem } from "../kernel/tx.ts";
import { mapLimit } from "../kernel/batch.ts";
import type { Caller } from "../kernel/context.ts";

/** Clients: save (create / edit), view, delete — each write moves the client, its keys and its tally together. */

export { INVALID_CLIENT, CLIENT_GONE, getClient, visibleClient } from "./visible.ts";
import { getClient, visibleClient } from "./visible.ts";
const HAS_MEMBERSHIP = "该客户已有会员产品，不能删除";

/** Whether a mobile is a staff login of the tenant (the list's 'exclude staff members'). */
async function isStaffMobile(tenantId: string, mobile: string): Promise<boolean> {
  const { data } = await UserLogin.get({ tenantId, login: mobile }).go();
  return !!data;
}

async function assertShopExists(tenantId: string, shop: string): Promise<void> {
  const { data } = await OrgNode.query.byCode({ tenantId, orgType: DEPARTMENT_TREE, orgCode: shop }).go({ limit: 1 });
  if (!data.length) throw new DomainError("必须选择门店", "400");
}

const fieldsOf = (input: ClientInput) => {
  const { id: _id, ...rest } = input;
  return rest;
};

export async function saveClient(caller: Caller, input: ClientInput): Promise<ClientItem> {
  const { tenantId } = caller;
  assertShopWritable(caller, input.shop);
  await assertShopExists(tenantId, input.shop);
  const isMgr = (await isStaffMobile(tenantId, input.mobile)) ? 1 : 0;
  if (input.id) {
    const before = await visibleClient(caller, input.id);
    assertClientWritable(caller, before);
    const after = { ...before, ...fieldsOf(input), isMgr, createUserId: before.createUserId ?? 0, rev: (before.rev ?? 0) + 1 } as ClientItem;
    const moved = !sameBucket(bucketOf(before), bucketOf(after));
    await transact([
      // The revision guard refuses an edit based on a copy someone else changed meanwhile.
      txPut(
        Client.put(after).where((a, { eq }) => eq(a.rev, before.rev ?? 0)),
        "数据已被修改，请刷新后重试",
      ),
      ...replaceKeys(before, after),
      ...(moved ? [tallyDelta(tenantId, bucketOf(before), -1), tallyDelta(tenantId, bucketOf(after), 1), ...ownerRewrite(after)] : []),
    ]);
    return after;
  }
  const id = await nextId(tenantId, "client");
  // The creator is kept so "only self" callers find what they created (kernel/dataScope.ts ownerOf).
  const item = { tenantId, id, ...fieldsOf(input), isMgr, globalId: "", workOrderStatus: "", createUserId: caller.userId ?? 0, createTime: formatDateTime(), rev: 0 } as ClientItem;
  await transact(createItems(item));
  return item;
}

/** The items that create one client (also used by the import, which counts its tallies itself). */
export function createItems(item: ClientItem, withTally = true): TxItem[] {
  return [txPut(Client.create(item), "客户编号冲突，请重试"), ...putKeys(item), ...(withTally ? [tallyDelta(item.tenantId, bucketOf(item), 1), ...ownerItems(item, 1)] : [])];
}

/**
 * Deletes clients of the caller's departments; a client with stored memberships is kept (its weeks
 * would be lost). Every client is checked before any is deleted; answers the ids deleted.
 */
export async function deleteClients(caller: Caller, ids: readonly number[]): Promise<number[]> {
  const { tenantId } = caller;
  const found = (await mapLimit(ids, (id) => getClient(tenantId, id))).filter((c): c is ClientItem => !!c);
  for (const c of found) assertClientWritable(caller, c);
  const held = await mapLimit(found, async (c) => (await MembershipAccount.query.byClient({ tenantId, clientId: c.id }).go({ limit: 1 })).data.length > 0);
  const kept = found.find((_, i) => held[i]);
  if (kept) throw new DomainError(`${kept.clientName}：${HAS_MEMBERSHIP}`, "409");
  // One at a time: the deletes of one shop and status move the same tally item.
  for (const c of found) {
    await transact([
      txDelete(
        Client.delete({ tenantId, id: c.id }).where((a, { eq }) => eq(a.rev, c.rev ?? 0)),
        "数据已被修改，请刷新后重试",
      ),
      ...deleteKeys(c),
      tallyDelta(tenantId, bucketOf(c), -1),
      ...ownerItems(c, -1),
    ]);
  }
  return found.map((c) => c.id);
}

/** Binds a mini-program user (globalId) to a client; the mobile-users area calls this. */
export async function bindMiniProgramUser(tenantId: string, clientId: number, globalId: string): Promise<void> {
  await Client.patch({ tenantId, id: clientId }).set({ globalId }).add({ rev: 1 }).go();
}

/** A client as the contract shows it (Client entity of the spec, §3). */
export type ClientView = ReturnType<typeof clientView>;
export function clientView(c: ClientItem, naming: Naming) {
  const { tenantId, rev: _rev, workOrderStatus, ...rest } = c;
  return {
    ...rest,
    clientId: tenantId,
    shopName: naming.shopName(c.shop),
    workOrderStatus: workOrderStatus ?? "",
    workOrderStatusName: naming.workOrderName(workOrderStatus ?? ""),
    boundMiniProgram: c.globalId ? 1 : 0,
  };
}
