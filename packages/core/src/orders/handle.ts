import { HotelOrder, OrderFollowup, type HotelOrderItem } from "./entities.ts";
import { heldLetters } from "../kernel/rights.ts";
import { checkMove, movesFor, moveOfHandle, HOLDING, transitionOf, type Move, type Transition } from "./status.ts";
import { deleteItems, eventItem, moveItems } from "./records.ts";
import { releaseItems } from "./holdings.ts";
import { paidMoney, requestRefund } from "./payments.ts";
import { FOLLOWUP_STATUS, NO_ORDER, type FollowupInput, type HandleInput, type ProxyCancelInput } from "./schemas.ts";
import { ProxyOrder } from "./entities.ts";
import { shopPrefixes, withinPrefixes } from "../clients/scope.ts";
import { ownedByCaller, ownerOf } from "../kernel/dataScope.ts";
import { nextId } from "../kernel/counters.ts";
import { transact, txPut, type TxItem } from "../kernel/tx.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { who, type Caller } from "../kernel/context.ts";
import { pushItems } from "../platform/push/enqueue.ts";

/**
 * Handling an order: review, refund handling, mark complete (the handle call), proxy cancellation,
 * follow-up calls and deletion. Each move is checked against the state machine (status.ts) with
 * the caller's letters, and written in one transaction with what it does to the booking's
 * holdings, the money, the proxy record, the tallies and the order's history.
 */
export { NO_ORDER };
export const PAID_DELETE = "该订单已付款，请先办理退订";

/** Whether an order lies in the caller's reach: by its creator's key for "only self", else by its shop. */
export const orderInReach = (caller: Caller, o: Pick<HotelOrderItem, "shop" | "createUser" | "ownerKey">): boolean =>
  ownerOf(caller) !== undefined ? !!o.ownerKey && ownedByCaller(caller, o.createUser) : withinPrefixes(shopPrefixes(caller), o.shop);

/** An order the caller may see (its shop inside their reach; for "only self", one they placed). */
export async function visibleOrder(caller: Caller, orderId: number): Promise<HotelOrderItem> {
  const { data } = await HotelOrder.get({ tenantId: caller.tenantId, id: orderId }).go();
  if (!data || !orderInReach(caller, data)) throw new DomainError(NO_ORDER, "404");
  return data;
}

/** Items and fields of a move that gives the holdings back (and the money, when paid). */
function releaseWith(caller: Caller, o: HotelOrderItem, t: Transition, reason: string): { items: TxItem[]; patch: Partial<HotelOrderItem> } {
  const items = releaseItems(o, who(caller));
  const patch: Partial<HotelOrderItem> = { holding: 0 };
  if (t.refundsMoney && paidMoney(o)) {
    const refund = requestRefund(o, reason);
    items.push(...refund.items);
    patch.refundJson = JSON.stringify(refund.detail);
  }
  return { items, patch };
}

async function runMove(caller: Caller, o: HotelOrderItem, t: Transition, patch: Partial<HotelOrderItem>, note: string, extra: TxItem[] = []): Promise<void> {
  const to = t.to ?? o.status;
  await transact([...moveItems(o, to, patch), ...extra, eventItem(caller, o.id, t.label, o.status, to, note)]);
}

/** The client's message about a review, or about the order cancelled by a refund approved (message push; nothing without the tenant's template), in the move's transaction. */
const clientPush = (o: HotelOrderItem, event: "orderReviewed" | "orderCancelled") => pushItems(o.tenantId, event, { to: { client: o.clientId }, address: o.hotelName ?? "" });

/** The handle call (R137–R142, R155). */
export async function handleOrder(caller: Caller, input: HandleInput): Promise<void> {
  const move = moveOfHandle(input.currentCtrl, input.status);
  const o = await visibleOrder(caller, input.orderId);
  const t = checkMove(move, o, heldLetters(caller));
  const now = formatDateTime();
  const result = input.handleResult;
  switch (move) {
    case "approve":
      return runMove(caller, o, t, { handleResult: result, handleTime: now, handleUser: who(caller) }, result, await clientPush(o, "orderReviewed"));
    case "reject": {
      const r = releaseWith(caller, o, t, result || "预订失败");
      return runMove(caller, o, t, { ...r.patch, handleResult: result, handleTime: now, handleUser: who(caller), cancelTime: now }, result, [
        ...r.items,
        ...(await clientPush(o, "orderReviewed")),
      ]);
    }
    case "refundApprove": {
      const r = releaseWith(caller, o, t, o.refundReason || result || "申请退订");
      return runMove(caller, o, t, { ...r.patch, refundHandleResult: result, refundHandleTime: now, cancelTime: now }, result, [
        ...r.items,
        ...(await clientPush(o, "orderCancelled")),
      ]);
    }
    case "refundReject":
      return runMove(caller, o, t, { refundHandleResult: result, refundHandleTime: now }, result);
    case "complete":
      // The stay is used: nothing is held any more.
      return runMove(caller, o, t, { completeTime: now, handleResult: result || o.handleResult, holding: 0 }, result);
  }
}

/** Proxy cancellation (P, R145): staff file the refund request for the client; it can then only be approved. */
export async function proxyCancel(caller: Caller, input: ProxyCancelInput): Promise<void> {
  const o = await visibleOrder(caller, input.orderId);
  const t = checkMove("proxyCancel", o, heldLetters(caller));
  const now = formatDateTime();
  await runMove(caller, o, t, { proxyCancel: 1, refundReason: input.refundReason || "代客退订", refundTime: now }, input.refundReason);
}

/** A follow-up call (A, R143, R153): recorded beside the order; the status does not change. */
export async function saveFollowup(caller: Caller, input: FollowupInput): Promise<void> {
  const o = await visibleOrder(caller, input.orderId);
  const t = checkMove("followup", o, heldLetters(caller));
  const id = await nextId(caller.tenantId, "orderFollowup");
  const record = OrderFollowup.create({
    tenantId: caller.tenantId,
    orderId: o.id,
    id,
    status: input.status,
    content: input.content,
    followupTime: formatDateTime(),
    userName: who(caller),
  });
  const label = FOLLOWUP_STATUS[input.status as keyof typeof FOLLOWUP_STATUS];
  await runMove(caller, o, t, {}, `${label}${input.content ? `：${input.content}` : ""}`, [txPut(record)]);
}

/**
 * Deletion (D, R147): only in the statuses the spec allows. An order still holding its booking
 * (confirmed, status 4) gives it back; one paid in money must be refunded first.
 */
export async function deleteOrder(caller: Caller, orderId: number): Promise<number> {
  // An order that is not there, or out of the caller's reach, is nothing to delete (R055).
  const { data: o } = await HotelOrder.get({ tenantId: caller.tenantId, id: orderId }).go();
  if (!o || !orderInReach(caller, o)) throw nothingDeleted();
  checkMove("delete", o, heldLetters(caller));
  if (HOLDING.includes(o.status) && o.holding === 1 && paidMoney(o)) throw new DomainError(PAID_DELETE, "409");
  await transact([...deleteItems(o), ...releaseItems(o, who(caller))]);
  return o.id;
}

/** Deleting from the proxy list (rsId): the order and its record go together. Answers the order deleted. */
export async function deleteProxyOrder(caller: Caller, rsId: number): Promise<number> {
  const { data } = await ProxyOrder.get({ tenantId: caller.tenantId, id: rsId }).go();
  if (!data) throw nothingDeleted();
  return deleteOrder(caller, data.orderId);
}

/** The moves offered on an order to this caller (the detail panel's buttons), with their labels. */
export const offeredMoves = (o: HotelOrderItem, letters: string): Array<{ move: Move; label: string }> =>
  movesFor(o, letters).map((move) => ({ move, label: transitionOf(move).label }));
