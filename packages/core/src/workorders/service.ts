import { WorkOrder, WorkOrderTally, Assignment, BookingTask, type WorkOrderItem, type AssignmentItem } from "./entities.ts";
import { APPOINTMENT, EMPTY_STATE, STAGE, BUY, checkPurchase, decide, sectionsOf, workOrderCode, type WoState } from "./rules.ts";
import { INVALID_CLIENT, INVALID_PRODUCT, INVALID_PURCHASE, NO_WORK_ORDER, type FinalPayInput, type WorkOrderSaveInput } from "./schemas.ts";
import { funnelItems } from "./funnel.ts";
import { getWorkOrder } from "./read.ts";
import { Client, type ClientItem } from "../clients/entities.ts";
import { getClient } from "../clients/visible.ts";
import { Product, ProductType } from "../products/entities.ts";
import { Purchase, type PurchaseItem } from "../finance/purchase/entity.ts";
import { PURCHASE_STATUS } from "../finance/purchase/status.ts";
import { purchaseCreateItems } from "../finance/purchase/create.ts";
import { inReach, reachOf } from "../kernel/dataScope.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { fenToYuan } from "../kernel/money.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { flagsOf } from "../kernel/rights.ts";
import { mapLimit } from "../kernel/batch.ts";
import { transact, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import type { Caller } from "../kernel/context.ts";
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

const lettersOf = (caller: Caller) => flagsOf(caller.functionId ? caller.rights[String(caller.functionId)] : "");

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

const stateOf = (w: WorkOrderItem): WoState => {
  const s = { ...EMPTY_STATE };
  for (const k of Object.keys(EMPTY_STATE) as (keyof WoState)[]) (s as Record<string, unknown>)[k] = w[k] ?? EMPTY_STATE[k];
  return s;
};

/** Who may work on a client: an inviter only a client assigned to them; others a client of their stores. */
function assertMayWork(caller: Caller, client: ClientItem, a: AssignmentItem | null): void {
  if (ownOnly(caller)) {
    if (!a || a.bookingUser !== caller.userId) throw new DomainError(NOT_ASSIGNED, "403");
  } else if (!inReach(caller, client.shop)) throw new DomainError(INVALID_CLIENT, "403");
}

export const tallyItem = (tenantId: string, shop: string, code: string, delta: number): TxItem =>
  txUpdate(WorkOrderTally.upsert({ tenantId, shop, code }).add({ n: delta, moves: 1 }).set({ changedAt: Date.now() }).params());

/**
 * Saves the panel. Without an id the client's newest work order is taken up again unless its
 * purchase lives on (then a new one begins). Saving with isBuy = 1 creates the purchase in the same
 * transaction and locks the work order (R330); a purchase that failed its review (status 5) unlocks
 * it, and the next buy creates a new purchase (the failed one stays, with its reason, for the record).
 */
export async function saveWorkOrder(caller: Caller, input: WorkOrderSaveInput): Promise<WorkOrderItem> {
  const { tenantId } = caller;
  const client = await getClient(tenantId, input.clientId);
  if (!client) throw new DomainError(INVALID_CLIENT, "404");
  const assignment = (await Assignment.get({ tenantId, clientId: client.id }).go()).data;
  assertMayWork(caller, client, assignment);

  let before: WorkOrderItem | null = null;
  if (input.id) {
    before = await getWorkOrder(tenantId, input.id);
    // The client is the caller's to work on (checked above): an inviter it was reassigned to takes its work orders over.
    if (!before || before.clientId !== client.id) throw new DomainError(NO_WORK_ORDER, "404");
  } else {
    const latest = await latestOf(tenantId, client.id);
    if (latest) {
      const live = latest.locked ? (await purchaseOfWorkOrder(tenantId, latest))?.status !== PURCHASE_STATUS.failed : false;
      if (!live) before = latest;
    }
  }

  // A purchase failed at review: the work order is open again at the presence stage, buy undecided.
  let locked = !!before?.locked;
  let prev: WoState = before ? stateOf(before) : { ...EMPTY_STATE };
  if (before && locked) {
    const p = await purchaseOfWorkOrder(tenantId, before);
    if (p?.status === PURCHASE_STATUS.failed) {
      locked = false;
      prev = { ...prev, status: STAGE.present, isBuy: BUY.none };
    }
  }
  const canReviewDeal = lettersOf(caller).e || lettersOf(caller).d;
  const d = decide(prev, input, { locked, canReviewDeal });
  if (!d.ok) throw new DomainError(d.message, locked ? "423" : "400");
  const next = d.next;
  const now = formatDateTime();
  const id = before?.id ?? (await nextId(tenantId, "workOrder"));
  const code = workOrderCode(next);
  const items: TxItem[] = [];

  let buylistId = before?.buylistId ?? 0;
  if (d.buys) {
    const missing = checkPurchase(input);
    if (missing) throw new DomainError(missing, "400");
    const product = (await Product.get({ tenantId, id: input.productId! }).go()).data;
    if (!product || product.idisplay === 0) throw new DomainError(INVALID_PRODUCT, "400");
    const type = (await ProductType.get({ tenantId, id: product.productType }).go()).data;
    const installment = input.isInstallment === 1;
    const { purchase, items: buy } = await purchaseCreateItems(tenantId, {
      workOrderId: id,
      clientId: client.id,
      clientName: client.clientName,
      mobile: client.mobile,
      shop: client.shop,
      saleUser: next.saleUser,
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
      firstPayTime: now,
      finalPayAmount: 0,
      finalPayTime: "",
      remark: input.remark,
      createUser: caller.realname || caller.username,
    });
    buylistId = purchase.id;
    items.push(...buy);
  }

  // The invitation call this save records (a new work order always records the first call).
  const records = [...((before?.remarkInfo as Record<string, unknown>[] | undefined) ?? [])];
  const calls = !before || !!input.recordType || !!input.recordRemark;
  if (calls) {
    records.push({
      id: records.length + 1,
      remarkType: 1,
      recordTime: now,
      recordType: input.recordType || APPOINTMENT_TEXT[next.isAppointment] || "",
      remark: input.recordRemark,
      userName: caller.realname || caller.username,
    });
    if (records.length > MAX_RECORDS) records.splice(0, records.length - MAX_RECORDS);
  }

  const inviter = assignment ?? null;
  const item: WorkOrderItem = {
    ...(before ?? {}),
    ...next,
    tenantId,
    id,
    clientId: client.id,
    clientName: client.clientName,
    mobile: client.mobile,
    shop: before?.shop ?? client.shop,
    bookingUser: inviter?.bookingUser || before?.bookingUser || caller.userId,
    bookingUserName: inviter ? inviter.bookingUserName : before?.bookingUserName || caller.realname || caller.username,
    bookingStoreClientId: inviter?.taskId || before?.bookingStoreClientId || 0,
    code,
    buyTIme: d.buys ? now : (before?.buyTIme ?? ""),
    buylistId,
    locked: d.buys ? 1 : 0,
    remarkInfo: records,
    branchId: before?.branchId ?? caller.branchId,
    createUser: before?.createUser ?? (caller.realname || caller.username),
    createTime: before?.createTime ?? now,
    updateTime: now,
    rev: (before?.rev ?? 0) + 1,
  } as WorkOrderItem;
  if (before) {
    items.push(
      txPut(
        WorkOrder.put(item)
          .where((a, { eq }) => eq(a.rev, before.rev ?? 0))
          .params(),
        STALE,
      ),
    );
    if (before.code !== code) items.push(tallyItem(tenantId, before.shop, before.code, -1), tallyItem(tenantId, item.shop, code, 1));
  } else {
    items.push(txPut(WorkOrder.create(item).params(), STALE), tallyItem(tenantId, item.shop, code, 1));
  }
  // The client list's 电邀状态 follows the work order; the client's revision moves so an edit opened before does not write an older status back.
  items.push(txUpdate(Client.patch({ tenantId, id: client.id }).set({ workOrderStatus: code }).add({ rev: 1 }).params(), INVALID_CLIENT));
  if (calls && inviter) {
    const first = inviter.invited === 0;
    items.push(
      txUpdate(
        Assignment.patch({ tenantId, clientId: client.id })
          .set({ lastInviteTime: now, invited: 1 })
          .where((a, { eq }) => (first ? eq(a.invited, 0) : eq(a.taskId, inviter.taskId)))
          .params(),
        STALE,
      ),
    );
    if (first) items.push(txUpdate(BookingTask.update({ tenantId, id: inviter.taskId }).add({ booked: 1 }).params()));
  }
  items.push(
    ...funnelItems(
      tenantId,
      { shop: item.shop, bookingUser: item.bookingUser ?? 0, day: now.slice(0, 10) },
      before ? stateOf(before) : null,
      before?.locked ? 1 : 0,
      next,
      d.buys ? input.payAmount! : 0,
    ),
  );
  // An appointment made or moved tells the inviter (message push: their official account, else SMS), in this transaction.
  const appointed = next.isAppointment === APPOINTMENT.accepted;
  if (appointed && (before?.isAppointment !== APPOINTMENT.accepted || before.appointmentTime !== next.appointmentTime)) {
    items.push(
      ...(await pushItems(tenantId, "workOrderAppointed", { to: { staff: item.bookingUser ?? 0 }, address: next.appointmentAdrress, msgTime: next.appointmentTime || now })),
    );
  }
  await transact(items);
  return item;
}

/** A work order as the contract shows it: the panel's fields, the code and its name, the sections (R320–R323), the purchase (yuan). */
export type WorkOrderView = ReturnType<typeof workOrderView>;
export function workOrderView(w: WorkOrderItem, p: PurchaseItem | null, o: { statusName: string; canReviewDeal: boolean }) {
  const { tenantId: _t, rev: _r, remarkInfo, ...rest } = w;
  const unlocked = !!w.locked && p?.status === PURCHASE_STATUS.failed;
  return {
    ...rest,
    statusName: o.statusName,
    canSave: !w.locked || unlocked ? 1 : 0,
    sections: sectionsOf(unlocked ? { ...stateOf(w), status: STAGE.present, isBuy: BUY.none } : stateOf(w), { locked: !!w.locked && !unlocked, canReviewDeal: o.canReviewDeal }),
    remarkInfo: ((remarkInfo ?? []) as Array<Record<string, unknown>>).map((r) => ({
      id: Number(r.id ?? 0),
      remarkType: Number(r.remarkType ?? 1),
      recordTime: String(r.recordTime ?? ""),
      recordType: String(r.recordType ?? ""),
      remark: String(r.remark ?? ""),
      userName: String(r.userName ?? ""),
    })),
    buyInfo: p ? purchaseView(p) : null,
  };
}

export type PurchaseView = ReturnType<typeof purchaseView>;
export function purchaseView(p: PurchaseItem) {
  const { tenantId: _t, ...rest } = p;
  return {
    ...rest,
    amount: fenToYuan(p.amount ?? 0),
    payAmount: fenToYuan(p.payAmount ?? 0),
    firstPayAmount: fenToYuan(p.firstPayAmount ?? 0),
    finalPayAmount: fenToYuan(p.finalPayAmount ?? 0),
  };
}

/** The view by id, or the client's newest work order (R325: none → 404, the console says 未电邀 / 暂无电邀记录). */
export async function viewWorkOrder(caller: Caller, q: { id?: number; clientId?: number }, naming: (code: string) => string): Promise<WorkOrderView> {
  let w: WorkOrderItem | null = null;
  if (q.id) w = await visibleWorkOrder(caller, q.id);
  else if (q.clientId) {
    const client = await getClient(caller.tenantId, q.clientId);
    if (!client || (!ownOnly(caller) && !inReach(caller, client.shop))) throw new DomainError(INVALID_CLIENT, "404");
    w = await latestOf(caller.tenantId, q.clientId);
    if (w && !maysee(caller, w)) w = null;
  } else throw new DomainError(NO_WORK_ORDER, "404");
  if (!w) throw new DomainError(NO_WORK_ORDER, "404");
  const f = lettersOf(caller);
  return workOrderView(w, await purchaseOfWorkOrder(caller.tenantId, w), { statusName: naming(w.code), canReviewDeal: f.e || f.d });
}

/** Every work order of one client (a client has a few), newest first. */
export async function workOrdersOfClient(caller: Caller, clientId: number, naming: (code: string) => string): Promise<WorkOrderView[]> {
  const client = await getClient(caller.tenantId, clientId);
  if (!client || (!ownOnly(caller) && !inReach(caller, client.shop))) throw new DomainError(INVALID_CLIENT, "404");
  const { data } = await WorkOrder.query.byClient({ tenantId: caller.tenantId, clientId }).go({ order: "desc", limit: 100 });
  const rows = (await mapLimit(data, (r) => getWorkOrder(caller.tenantId, r.id))).filter((w): w is WorkOrderItem => !!w && maysee(caller, w));
  const f = lettersOf(caller);
  return mapLimit(rows, async (w) => workOrderView(w, await purchaseOfWorkOrder(caller.tenantId, w), { statusName: naming(w.code), canReviewDeal: f.e || f.d }));
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
    await transact([
      txDelete(
        WorkOrder.delete({ tenantId, id: w.id })
          .where((a, { eq }) => eq(a.rev, w.rev ?? 0))
          .params(),
        STALE,
      ),
      tallyItem(tenantId, w.shop, w.code, -1),
      txUpdate(Client.update({ tenantId, id: w.clientId }).set({ workOrderStatus: code }).add({ rev: 1 }).params()),
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
    txUpdate(
      Client.patch({ tenantId: caller.tenantId, id: client.id }).set({ jobType: input.jobType, maritalStatus: input.maritalStatus }).add({ rev: 1 }).params(),
      INVALID_CLIENT,
    ),
  ]);
  return client.id;
}

/**
 * Final payment (R274): registered once, on an instalment purchase still under review. The amount
 * may differ from payAmount − firstPayAmount: the console asks first, the server records what was paid.
 */
export async function saveFinalPayment(caller: Caller, input: FinalPayInput): Promise<PurchaseItem> {
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
        .where((a, { eq, lte }) => `${eq(a.finalPayTime, "")} AND ${eq(a.isInstallment, 1)} AND ${lte(a.status, PURCHASE_STATUS.memberService as number)}`)
        .params(),
      FINAL_PAID,
    ),
  ]);
  return { ...p, finalPayAmount: input.finalPayAmount, finalPayTime };
}
