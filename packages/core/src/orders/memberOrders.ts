import { HotelOrder, OrderEvent, type HotelOrderItem } from "./entities.ts";
import { ClientOrder, type ClientOrderItem } from "./clientOrders.ts";
import { refundDetailOf } from "./payments.ts";
import { orderTimeline } from "./views.ts";
import { cancelKind, memberMoveOf, MEMBER_MSG } from "./memberRules.ts";
import { memberMoveItems } from "./memberMoves.ts";
import { memberActor, ownOrder } from "./memberReach.ts";
import { memberOrderRow, memberOrderView, type MemberOrderRow, type MemberOrderView } from "./memberViews.ts";
import type { MemberCancelInput, MemberOrderListQuery } from "./member/schemas.ts";
import type { Member } from "../auth/memberAuth.ts";
import { boundedRows, type ListSource } from "../kernel/list.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams } from "../kernel/paging.ts";
import { allOf } from "../kernel/filter.ts";
import { transact } from "../kernel/tx.ts";
import { DomainError } from "../kernel/errors.ts";

/**
 * A mini-program member's hotel orders (issue 34): "my orders", one order, and cancelling (placing
 * one is memberPlace.ts, paying one memberPay.ts). A member reaches only the orders of the client
 * they are bound to (memberReach.ts). Cancelling follows the order's state (memberRules.ts
 * `MEMBER_MOVES`) with the effects the staff moves have: the holdings given back (holdings.ts) and
 * money paid refunded through the payment port (payments.ts), in one transaction with the order's
 * move, keys, tallies and history line (memberMoves.ts, which the close at the payment deadline uses too).
 */

async function viewOf(o: HotelOrderItem): Promise<MemberOrderView> {
  const { data: events } = await OrderEvent.query.byOrder({ tenantId: o.tenantId, orderId: o.id }).go({ pages: "all" });
  const refund = refundDetailOf(o);
  return memberOrderView(o, cancelKind(o), refund, orderTimeline(events, refund, o.status));
}

/** mp/order/view. */
export const memberOrder = async (m: Member, id: number): Promise<MemberOrderView> => viewOf(await ownOrder(m, id));

/** mp/orders: the client's keys (clientOrders.ts) newest first, a status filtered on them, then the page's orders in one batch get. */
export async function memberOrderList(m: Member, q: MemberOrderListQuery): Promise<Envelope<never, MemberOrderRow>> {
  if (!m.clientId) return okList([], pageParams(q.paging, 0));
  const status: number | undefined = q.status;
  const src: ListSource<ClientOrderItem> = {
    params: (order) =>
      ClientOrder.query
        .byClient({ tenantId: m.tenantId, clientId: m.clientId })
        .where((a, op) => allOf(status !== undefined && op.eq(a.status, status)))
        .params({ order }),
    parse: (Items) => ClientOrder.parse({ Items }).data as ClientOrderItem[],
  };
  const { rows, total } = await boundedRows(src, q.paging);
  const { data } = rows.length ? await HotelOrder.get(rows.map((r) => ({ tenantId: m.tenantId, id: r.id }))).go() : { data: [] as HotelOrderItem[] };
  const byId = new Map(data.map((o) => [o.id, o]));
  const page = rows.flatMap((r) => {
    const o = byId.get(r.id);
    return o && o.clientId === m.clientId ? [memberOrderRow(o, cancelKind(o))] : [];
  });
  return okList(page, pageParams(q.paging, total));
}

/** mp/order/cancel: one transaction with the order's move, its keys and tallies, what it gives back and its history line. */
export async function cancelMemberOrder(m: Member, input: MemberCancelInput): Promise<MemberOrderView> {
  const o = await ownOrder(m, input.id);
  const move = memberMoveOf(o.status);
  if (!move) throw new DomainError(MEMBER_MSG.cannotCancel, "409");
  await transact(await memberMoveItems(o, move, { actor: memberActor(m), reason: input.reason || move.label, note: input.reason }));
  return viewOf(await ownOrder(m, o.id));
}
