import { HotelOrder, OrderEvent, OrderOwner, ProxyOrder, type HotelOrderItem } from "./entities.ts";
import { clientKeyDelete, clientKeyPut } from "./clientOrders.ts";
import { ownerTotal, tallyItem } from "./list.ts";
import { txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import { totalDelta } from "../kernel/counters.ts";
import { formatDateTime, nowMs } from "../kernel/clock.ts";
import { who, type Caller } from "../kernel/context.ts";
import { allOf, type WhereAttrs, type WhereOps } from "../kernel/filter.ts";

/**
 * The transaction items that write an order and everything kept beside it: its proxy record, the
 * list tallies and its history. Every status change goes through `moveItems`, so the order, its
 * proxy record, the tallies and the timeline never disagree.
 */
export const CHANGED = "订单状态已变化，请刷新后重试";

/** Who does something to an order: staff (a Caller) or a mini-program member placing or cancelling their own (userId 0). */
export type Actor = Pick<Caller, "tenantId" | "userId" | "realname" | "username">;

export function eventItem(caller: Actor, orderId: number, action: string, fromStatus: number, toStatus: number, note = ""): TxItem {
  const at = `${String(nowMs()).padStart(15, "0")}${Math.random().toString(36).slice(2, 8)}`;
  return txPut(
    OrderEvent.create({
      tenantId: caller.tenantId,
      orderId,
      at,
      time: formatDateTime(),
      action,
      fromStatus,
      toStatus,
      userId: caller.userId,
      userName: who(caller),
      note,
    }),
  );
}

const proxyFields = (o: HotelOrderItem) => ({
  tenantId: o.tenantId,
  id: o.rsId ?? 0,
  orderId: o.id,
  shop: o.shop,
  status: o.status,
  checkinType: o.checkinType,
  orderName: o.orderName,
  clientName: o.clientName,
  bookingTime: o.bookingTime,
  payType: o.payType,
  ticketCount: o.ticketCount,
  checkinRoomCount: o.checkinRoomCount,
  checkinDays: o.checkinDays,
  checkinStartdate: o.checkinStartdate,
  checkinEnddate: o.checkinEnddate,
  deductionWeeks: o.deductionWeeks,
  deductionWeeksFristHalt: o.deductionWeeksFristHalt,
  deductionWeeksSecondHalt: o.deductionWeeksSecondHalt,
  priceFen: o.priceFen,
  createUser: o.createUser,
  createUserName: o.createUserName,
  createTime: o.createTime,
});

const bucket = (o: Pick<HotelOrderItem, "checkinType" | "shop">, status: number) => ({ checkinType: o.checkinType, shop: o.shop, status });

/**
 * The creator's key of an order (OrderOwner) and its share of the creator's totals: +1 writes them,
 * -1 removes them. Only orders that carry `ownerKey` have them (orders placed before did not).
 */
function ownerItems(o: HotelOrderItem, delta: 1 | -1): TxItem[] {
  if (!o.ownerKey || !o.createUser) return [];
  const key = { tenantId: o.tenantId, createUser: o.createUser, id: o.id };
  const items = [
    delta > 0 ? txPut(OrderOwner.put({ ...key, checkinType: o.checkinType, shop: o.shop, status: o.status, rsId: o.rsId ?? 0 })) : txDelete(OrderOwner.delete(key)),
    totalDelta(o.tenantId, ownerTotal("order", o.createUser), delta),
  ];
  if (o.rsId) items.push(totalDelta(o.tenantId, ownerTotal("proxy", o.createUser), delta));
  return items;
}

/** A new order: the order, its proxy record (staff-placed), the tallies, the creator's key, the client's key (clientOrders.ts). */
export function createItems(order: HotelOrderItem): TxItem[] {
  const o = order.createUser ? { ...order, ownerKey: 1 } : order;
  const items = [txPut(HotelOrder.create(o), "订单已存在"), tallyItem(o.tenantId, "order", bucket(o, o.status), 1), ...ownerItems(o, 1), clientKeyPut(o, o.status)];
  if (o.rsId) items.push(txPut(ProxyOrder.create(proxyFields(o)), "订单已存在"), tallyItem(o.tenantId, "proxy", bucket(o, o.status), 1));
  return items;
}

/** The condition of a write of `o`: the order is still exactly as read (status and revision). */
const asRead =
  (o: HotelOrderItem) =>
  (a: WhereAttrs<typeof HotelOrder>, { eq }: WhereOps<typeof HotelOrder>): string =>
    allOf(eq(a.status, o.status), eq(a.rev, o.rev ?? 0));

/**
 * A status change (or a change of fields in the same status): conditional on the order being
 * exactly as read (status and revision), so two staff handling one order cannot both succeed.
 */
export function moveItems(o: HotelOrderItem, to: number, patch: Partial<HotelOrderItem>): TxItem[] {
  const set = { ...patch, status: to, checkinType: o.checkinType, shop: o.shop, rev: (o.rev ?? 0) + 1 };
  const items = [txUpdate(HotelOrder.patch({ tenantId: o.tenantId, id: o.id }).set(set).where(asRead(o)), CHANGED)];
  // The client's key carries the status too (written whole: an order placed before client keys gets one).
  if (to !== o.status) items.push(tallyItem(o.tenantId, "order", bucket(o, o.status), -1), tallyItem(o.tenantId, "order", bucket(o, to), 1), clientKeyPut(o, to));
  // The creator's key carries the status its list filters on.
  if (to !== o.status && o.ownerKey && o.createUser)
    items.push(txUpdate(OrderOwner.patch({ tenantId: o.tenantId, createUser: o.createUser, id: o.id }).set({ status: to }), CHANGED));
  if (o.rsId && to !== o.status) {
    items.push(
      txUpdate(ProxyOrder.patch({ tenantId: o.tenantId, id: o.rsId }).set({ status: to, shop: o.shop }), CHANGED),
      tallyItem(o.tenantId, "proxy", bucket(o, o.status), -1),
      tallyItem(o.tenantId, "proxy", bucket(o, to), 1),
    );
  }
  return items;
}

/** Deleting an order removes it, its proxy record and its share of the tallies. */
export function deleteItems(o: HotelOrderItem): TxItem[] {
  const items = [
    txDelete(HotelOrder.delete({ tenantId: o.tenantId, id: o.id }).where(asRead(o)), CHANGED),
    tallyItem(o.tenantId, "order", bucket(o, o.status), -1),
    ...ownerItems(o, -1),
    clientKeyDelete(o),
  ];
  if (o.rsId) items.push(txDelete(ProxyOrder.delete({ tenantId: o.tenantId, id: o.rsId })), tallyItem(o.tenantId, "proxy", bucket(o, o.status), -1));
  return items;
}
