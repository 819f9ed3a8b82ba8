import { WorkOrder, WorkOrderTally, Assignment, BookingTask, type WorkOrderItem, type AssignmentItem } from "./entities.ts";
import { APPOINTMENT, EMPTY_STATE, STAGE, BUY, checkPurchase, decide, workOrderCode, type WoState } from "./rules.ts";
import { transactWithDue } from "./overdue.ts";
import { INVALID_CLIENT, INVALID_PRODUCT, INVALID_PURCHASE, NO_WORK_ORDER, type FinalPayInput, type WorkOrderSaveInput } from "./schemas.ts";
import { funnelItems } from "./funnel.ts";
import { getWorkOrder } from "./read.ts";
import { purchaseView, stateOf, workOrderView, type PurchaseView, type WorkOrderView } from "./views.ts";
import { namingFor } from "../clients/lookups.ts";
import { Client, type ClientItem } from "../clients/entities.ts";
import { getClient } from "../clients/visible.ts";
import { Product, ProductType } from "../products/entities.ts";
import { Purchase, type PurchaseItem } from "../finance/purchase/entity.ts";
import { PURCHASE_STATUS } from "../finance/purchase/status.ts";
import { purchaseCreateItems } from "../finance/purchase/create.ts";
import { inReach, reachOf } from "../kernel/dataScope.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { heldFlags } from "../kernel/rights.ts";
import { mapLimit } from "../kernel/batch.ts";
import { transact, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import type { Caller } from "../kernel/context.ts";
import { allOf } from "../kernel/filter.ts";
import { pushItems } from "../platform/push/enqueue.ts";

/**
 * Work orders: the save (one transaction: the work order, its list tally, the client's status, the
 * purchase when bought, the invitation's assignment and task counts, the funnel), the view, the
 * per-client list, deletion, the client's job and marital status, the final payment.
 */
export const OUTSIDE = "你没有该部门的操作权限";
export const NOT_ASSIGNED = "该客户未分配给你";
export const STALE = "工单已被他人修改，请刷新后重试";
export const LOCKED_DELETE = "该工单已提交购买，不能删除";
export const NOT_INSTALLMENT = "该购买不是分期支付，无需登记尾款";
export const FINAL_PAID = "尾款已登记，请勿重复操作";
export const REVIEW_ENDED = "该购买已审核结束，不能登记尾款";
/** Remark records kept per work order (the item must stay far below DynamoDB's 400 KB). */
export const MAX_RECORDS = 300;

const APPOINTMENT_TEXT = ["未确定", "应邀", "拒绝", "考虑中"];

/** Whether the caller's reach is "only what they own": an inviter (data scope self, docs/gaps.md §9). */
export const ownOnly = (caller: Caller): boolean => reachOf(caller).ownerId !== undefined;

/** Whether the caller may see a work order: an inviter theirs, others those of their stores (head office all). */
export const maysee = (caller: Caller, w: Pick<WorkOrderItem, "shop" | "bookingUser">): boolean => (ownOnly(caller) ? w.bookingUser === caller.userId : inReach(caller, w.shop));

/** A work order as the caller sees it: its purchase, its status's name, and the deal's review offered to holders of E or D. */
async function viewFor(caller: Caller, w: WorkOrderItem): Promise<WorkOrderView> {
  const [p, naming] = await Promise.all([purchaseOfWorkOrder(caller.tenantId, w), namingFor(caller.tenantId)]);
  const f = heldFlags(caller);
  return workOrderView(w, p, { statusName: naming.workOrderName(w.code), canReviewDeal: f.e || f.d });
}

// In read.ts, so the purchase review reads a work order without this module.
export { getWorkOrder };

async function visibleWorkOrder(caller: Caller, id: number): Promise<WorkOrderItem> {
  const w = await getWorkOrder(caller.tenantId, id);
  if (!w || !maysee(caller, w)) throw new DomainError(NO_WORK_ORDER, "404");
  return w;
}

/** The purchase a work order's last buy created (the reviews area reads it too), or null. */
export async function purchaseOfWorkOrder(tenantId: string, w: Pick<WorkOrderItem, "buylistId">): Promise<PurchaseItem | null> {
  if (!w.buylistId) return null;
  return (await Purchase.get({ tenantId, id: w.buylistId }).go()).data;
}

/** The client's newest work order, or null. */
async function latestOf(tenantId: string, clientId: number): Promise<WorkOrderItem | null> {
  const { data } = await WorkOrder.query.byClient({ tenantId, clientId }).go({ order: "desc", limit: 1 });
  return data[0] ? await getWorkOrder(tenantId, data[0].id) : null;
}

/** Who may work on a client: an inviter only a client assigned to them; others a client of their stores. */
function assertMayWork(caller: Caller, client: ClientItem, a: AssignmentItem | null): void {
  if (ownOnly(caller)) {
    if (!a || a.bookingUser !== caller.userId) throw new DomainError(NOT_ASSIGNED, "403");
  } else if (!inReach(caller, client.shop)) throw new DomainError(INVALID_CLIENT, "403");
}

export const tallyItem = (tenantId: string, shop: string, code: string, delta: number): TxItem =>
  txUpdate(WorkOrderTally.upsert({ tenantId, shop, code }).add({ n: delta, moves: 1 }).set({ changedAt: Date.now() }));

/**
 * Saves the panel. Without an id the client's newest work order is taken up again unless its
 * purchase lives on (then a new one begins). Saving with isBuy = 1 creates the purchase in the same
 * transaction and locks the work order (R330); a purchase that failed its review (status 5) unlocks
 * it, and the next buy creates a new purchase (the failed one stays, with its reason, for the record).
 */
export async function saveWorkOrder(caller: Caller, input: WorkOrderSaveInput): Promise<WorkOrderView> {
  const { tenantId } = caller;
  const client = await getClient(tenantId, input.clientId);
  if (!client) throw new DomainError(INVALID_CLIENT, "404");
  const assignment = (await Assignment.get({ tenantId, clientId: client.id }).go()).data;
  assertMayWork(caller, client, assignment);

  const { before, locked, prev } = await editedWorkOrder(tenantId, client.id, input.id);
  const held = heldFlags(caller);
  const d = decide(prev, input, { locked, canReviewDeal: held.e || held.d });
  if (!d.ok) throw new DomainError(d.message, locked ? "423" : "400");
  const now = formatDateTime();
  const id = before?.id ?? (await nextId(tenantId, "workOrder"));
  const bought = d.buys ? await purchaseOf(caller, input, { workOrderId: id, client, saleUser: d.next.saleUser, now }) : null;
  const calls = !before || !!input.recordType || !!input.recordRemark;
  const item = workOrderRecord(caller, { before, next: d.next, id, client, inviter: assignment, bought: bought?.id, now });
  if (calls)
    item.remarkInfo = withCall(item.remarkInfo, { recordType: input.recordType || APPOINTMENT_TEXT[d.next.isAppointment] || "", remark: input.recordRemark, now, by: caller });

  const items: TxItem[] = [...(bought?.items ?? []), ...recordItems(tenantId, before, item)];
  if (calls && assignment) items.push(...invitedItems(tenantId, assignment, now));
  items.push(
    ...funnelItems(
      tenantId,
      { shop: item.shop, bookingUser: item.bookingUser ?? 0, day: now.slice(0, 10) },
      before ? stateOf(before) : null,
      before?.locked ? 1 : 0,
      d.next,
      d.buys ? input.payAmount! : 0,
    ),
  );
  // An appointment made or moved tells the inviter (message push: their official account, else SMS), in this transaction.
  const next = d.next;
  if (next.isAppointment === APPOINTMENT.accepted && (before?.isAppointment !== APPOINTMENT.accepted || before.appointmentTime !== next.appointmentTime)) {
    items.push(
      ...(await pushItems(tenantId, "workOrderAppointed", { to: { staff: item.bookingUser ?? 0 }, address: next.appointmentAdrress, msgTime: next.appointmentTime || now })),
    );
  }
  // The due-day and overdue totals move with it (overdue.ts: a day closed meanwhile runs it again).
  await transactWithDue(tenantId, before, item, items);
  return viewFor(caller, item);
}

/**
 * The work order a save edits: the one named, else the client's newest unless its purchase is alive
 * (then a new one starts). A purchase failed at review opens it again at the presence stage, buy undecided.
 */
async function editedWorkOrder(tenantId: string, clientId: number, id: number | undefined): Promise<{ before: WorkOrderItem | null; locked: boolean; prev: WoState }> {
  let before: WorkOrderItem | null = null;
  if (id) {
    before = await getWorkOrder(tenantId, id);
    // The client is the caller's to work on (checked before): an inviter it was reassigned to takes its work orders over.
    if (!before || before.clientId !== clientId) throw new DomainError(NO_WORK_ORDER, "404");
  } else {
    const latest = await latestOf(tenantId, clientId);
    if (latest) {
      const live = latest.locked ? (await purchaseOfWorkOrder(tenantId, latest))?.status !== PURCHASE_STATUS.failed : false;
      if (!live) before = latest;
    }
  }
  if (!before) return { before, locked: false, prev: { ...EMPTY_STATE } };
  if (before.locked && (await purchaseOfWorkOrder(tenantId, before))?.status === PURCHASE_STATUS.failed)
    return { before, locked: false, prev: { ...stateOf(before), status: STAGE.present, isBuy: BUY.none } };
  return { before, locked: !!before.locked, prev: stateOf(before) };
}

/** The purchase a save that buys creates (under review, R274), and its transaction items. */
async function purchaseOf(
  caller: Caller,
  input: WorkOrderSaveInput,
  o: { workOrderId: number; client: ClientItem; saleUser: string; now: string },
): Promise<{ id: number; items: TxItem[] }> {
  const { tenantId } = caller;
  const missing = checkPurchase(input);
  if (missing) throw new DomainError(missing, "400");
  const product = (await Product.get({ tenantId, id: input.productId! }).go()).data;
  if (!product || product.idisplay === 0) throw new DomainError(INVALID_PRODUCT, "400");
  const type = (await ProductType.get({ tenantId, id: product.productType }).go()).data;
  const installment = input.isInstallment === 1;
  const { purchase, items } = await purchaseCreateItems(tenantId, {
    workOrderId: o.workOrderId,
    clientId: o.client.id,
    clientName: o.client.clientName,
    mobile: o.client.mobile,
    shop: o.client.shop,
    saleUser: o.saleUser,
    productId: product.id,
    productName: product.productName,
    productTypeId: product.productType,
    contractType: product.contractType ?? "",
    duration: product.duration ?? 0,
    proCount: product.proCount ?? 0,
    productUnit: type?.productUnit ?? "",
    giftCount: input.giftCount,
    givingGifts: input.givingGifts,
    amount: product.amount,
    payAmount: input.payAmount!,
    payType: input.payType,
    isInstallment: installment ? 1 : 0,
    firstPayAmount: installment ? input.firstPayAmount! : input.payAmount!,
    firstPayTime: o.now,
    finalPayAmount: 0,
    finalPayTime: "",
    remark: input.remark,
    createUser: caller.realname || caller.username,
  });
  return { id: purchase.id, items };
}

/** The work order as saved: the stage fields decided, the client's, the inviter's, a bumped revision. */
function workOrderRecord(
  caller: Caller,
  o: { before: WorkOrderItem | null; next: WoState; id: number; client: ClientItem; inviter: AssignmentItem | null; bought: number | undefined; now: string },
): WorkOrderItem {
  const { before, inviter, now } = o;
  const bought = o.bought !== undefined;
  return {
    ...(before ?? {}),
    ...o.next,
    tenantId: caller.tenantId,
    id: o.id,
    clientId: o.client.id,
    clientName: o.client.clientName,
    mobile: o.client.mobile,
    shop: before?.shop ?? o.client.shop,
    bookingUser: inviter?.bookingUser || before?.bookingUser || caller.userId,
    bookingUserName: inviter ? inviter.bookingUserName : before?.bookingUserName || caller.realname || caller.username,
    bookingStoreClientId: inviter?.taskId || before?.bookingStoreClientId || 0,
    code: workOrderCode(o.next),
    buyTIme: bought ? now : (before?.buyTIme ?? ""),
    buylistId: o.bought ?? before?.buylistId ?? 0,
    locked: bought ? 1 : 0,
    remarkInfo: [...((before?.remarkInfo as Record<string, unknown>[] | undefined) ?? [])],
    branchId: before?.branchId ?? caller.branchId,
    createUser: before?.createUser ?? (caller.realname || caller.username),
    createTime: before?.createTime ?? now,
    updateTime: now,
    rev: (before?.rev ?? 0) + 1,
  } as WorkOrderItem;
}

/** The call records with this save's invitation call added (a new work order always records the first), the newest MAX_RECORDS kept. */
function withCall(records: unknown, c: { recordType: string; remark: string; now: string; by: Caller }): Record<string, unknown>[] {
  const out = [...((records as Record<string, unknown>[] | undefined) ?? [])];
  out.push({ id: out.length + 1, remarkType: 1, recordTime: c.now, recordType: c.recordType, remark: c.remark, userName: c.by.realname || c.by.username });
  if (out.length > MAX_RECORDS) out.splice(0, out.length - MAX_RECORDS);
  return out;
}

/** The work order written against the revision read, the store-and-status tallies moved, the client's 电邀状态 following it. */
function recordItems(tenantId: string, before: WorkOrderItem | null, item: WorkOrderItem): TxItem[] {
  const items: TxItem[] = [];
  if (before) {
    items.push(
      txPut(
        WorkOrder.put(item).where((a, { eq }) => eq(a.rev, before.rev ?? 0)),
        STALE,
      ),
    );
    if (before.code !== item.code) items.push(tallyItem(tenantId, before.shop, before.code, -1), tallyItem(tenantId, item.shop, item.code, 1));
  } else {
    items.push(txPut(WorkOrder.create(item), STALE), tallyItem(tenantId, item.shop, item.code, 1));
  }
  // The client's revision moves so an edit opened before does not write an older status back.
  items.push(txUpdate(Client.patch({ tenantId, id: item.clientId }).set({ workOrderStatus: item.code }).add({ rev: 1 }), INVALID_CLIENT));
  return items;
}

/** An inviter's call recorded on the client's assignment; the first one counts on the task's booked total. */
function invitedItems(tenantId: string, inviter: AssignmentItem, now: string): TxItem[] {
  const first = inviter.invited === 0;
  const items = [
    txUpdate(
      Assignment.patch({ tenantId, clientId: inviter.clientId })
        .set({ lastInviteTime: now, invited: 1 })
        .where((a, { eq }) => (first ? eq(a.invited, 0) : eq(a.taskId, inviter.taskId))),
      STALE,
    ),
  ];
  if (first) items.push(txUpdate(BookingTask.update({ tenantId, id: inviter.taskId }).add({ booked: 1 })));
  return items;
}

/** The view by id, or the client's newest work order (R325: none → 404, the console says 未电邀 / 暂无电邀记录). */
export async function viewWorkOrder(caller: Caller, q: { id?: number; clientId?: number }): Promise<WorkOrderView> {
  let w: WorkOrderItem | null = null;
  if (q.id) w = await visibleWorkOrder(caller, q.id);
  else if (q.clientId) {
    const client = await getClient(caller.tenantId, q.clientId);
    if (!client || (!ownOnly(caller) && !inReach(caller, client.shop))) throw new DomainError(INVALID_CLIENT, "404");
    w = await latestOf(caller.tenantId, q.clientId);
    if (w && !maysee(caller, w)) w = null;
  } else throw new DomainError(NO_WORK_ORDER, "404");
  if (!w) throw new DomainError(NO_WORK_ORDER, "404");
  return viewFor(caller, w);
}

/** Every work order of one client (a client has a few), newest first. */
export async function workOrdersOfClient(caller: Caller, clientId: number): Promise<WorkOrderView[]> {
  const client = await getClient(caller.tenantId, clientId);
  if (!client || (!ownOnly(caller) && !inReach(caller, client.shop))) throw new DomainError(INVALID_CLIENT, "404");
  const { data } = await WorkOrder.query.byClient({ tenantId: caller.tenantId, clientId }).go({ order: "desc", limit: 100 });
  const rows = (await mapLimit(data, (r) => getWorkOrder(caller.tenantId, r.id))).filter((w): w is WorkOrderItem => !!w && maysee(caller, w));
  return mapLimit(rows, (w) => viewFor(caller, w));
}

/**
 * Deletes work orders the caller may see. One whose purchase is alive is kept (its review would
 * lose its source); the client's status falls back to its previous work order's (or 未电邀).
 */
export async function deleteWorkOrders(caller: Caller, ids: readonly number[]): Promise<number[]> {
  const { tenantId } = caller;
  const found = (await mapLimit(ids, (id) => getWorkOrder(tenantId, id))).filter((w): w is WorkOrderItem => !!w && maysee(caller, w));
  if (!found.length) throw nothingDeleted(); // R055: none of the ids is a work order the caller sees
  for (const w of found) {
    if (w.locked && (await purchaseOfWorkOrder(tenantId, w))?.status !== PURCHASE_STATUS.failed) throw new DomainError(LOCKED_DELETE, "409");
  }
  for (const w of found) {
    const { data } = await WorkOrder.query.byClient({ tenantId, clientId: w.clientId }).go({ order: "desc", limit: 2 });
    const other = data.find((r) => r.id !== w.id);
    const code = other ? ((await getWorkOrder(tenantId, other.id))?.code ?? "") : "";
    await transactWithDue(tenantId, w, null, [
      txDelete(
        WorkOrder.delete({ tenantId, id: w.id }).where((a, { eq }) => eq(a.rev, w.rev ?? 0)),
        STALE,
      ),
      tallyItem(tenantId, w.shop, w.code, -1),
      txUpdate(Client.update({ tenantId, id: w.clientId }).set({ workOrderStatus: code }).add({ rev: 1 })),
    ]);
  }
  return found.map((w) => w.id);
}

/** R332: the client's job and marital status, saved apart from the work order. */
export async function saveClientStatus(caller: Caller, input: { clientId: number; jobType: string; maritalStatus: string }): Promise<number> {
  const client = await getClient(caller.tenantId, input.clientId);
  if (!client) throw new DomainError(INVALID_CLIENT, "404");
  const a = (await Assignment.get({ tenantId: caller.tenantId, clientId: client.id }).go()).data;
  assertMayWork(caller, client, a);
  await transact([
    txUpdate(Client.patch({ tenantId: caller.tenantId, id: client.id }).set({ jobType: input.jobType, maritalStatus: input.maritalStatus }).add({ rev: 1 }), INVALID_CLIENT),
  ]);
  return client.id;
}

/**
 * Final payment (R274): registered once, on an instalment purchase still under review. The amount
 * may differ from payAmount − firstPayAmount: the console asks first, the server records what was paid.
 */
export async function saveFinalPayment(caller: Caller, input: FinalPayInput): Promise<PurchaseView> {
  const { tenantId } = caller;
  const p = (await Purchase.get({ tenantId, id: input.id }).go()).data;
  if (!p) throw new DomainError(INVALID_PURCHASE, "404");
  if (ownOnly(caller)) {
    const w = await getWorkOrder(tenantId, p.workOrderId);
    if (!w || w.bookingUser !== caller.userId) throw new DomainError(INVALID_PURCHASE, "404");
  } else if (!inReach(caller, p.shop ?? "")) throw new DomainError(INVALID_PURCHASE, "404");
  if (p.isInstallment !== 1) throw new DomainError(NOT_INSTALLMENT, "409");
  if (p.finalPayTime) throw new DomainError(FINAL_PAID, "409");
  if (p.status === PURCHASE_STATUS.passed || p.status === PURCHASE_STATUS.failed) throw new DomainError(REVIEW_ENDED, "409");
  const finalPayTime = formatDateTime();
  await transact([
    txUpdate(
      Purchase.patch({ tenantId, id: p.id })
        .set({ finalPayAmount: input.finalPayAmount, finalPayTime })
        .where((a, { eq, lte }) => allOf(eq(a.finalPayTime, ""), eq(a.isInstallment, 1), lte(a.status, PURCHASE_STATUS.memberService as number))),
      FINAL_PAID,
    ),
  ]);
  return purchaseView({ ...p, finalPayAmount: input.finalPayAmount, finalPayTime });
}
