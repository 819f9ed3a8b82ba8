import type { HotelOrderItem } from "./entities.ts";
import { eventItem, moveItems, type Actor } from "./records.ts";
import { releaseItems } from "./holdings.ts";
import { paidMoney, requestRefund } from "./payments.ts";
import type { MemberMove } from "./memberRules.ts";
import { pushItems } from "../platform/push/enqueue.ts";
import { formatDateTime } from "../kernel/clock.ts";
import type { TxItem } from "../kernel/tx.ts";
import { who } from "../kernel/context.ts";

/**
 * The transaction of a member-side move of an order (memberRules.ts `MEMBER_MOVES`), whoever makes
 * it: the member's own cancel (memberOrders.ts) and the close of an order left unpaid at its payment
 * deadline (memberExpiry.ts), which is the member's cancel of status 3 made by the clock. One set of
 * items: the order's move with its keys and tallies (records.ts), what the booking holds given back
 * (holdings.ts), money paid refunded when the move refunds it (payments.ts), the history line, and
 * the client's message when the order is cancelled (message push `orderCancelled`; nothing without
 * the tenant's template).
 */
type MemberMoveBy = { actor: Actor; reason: string; note: string; label?: string };

export async function memberMoveItems(o: HotelOrderItem, move: MemberMove, by: MemberMoveBy): Promise<TxItem[]> {
  const now = formatDateTime();
  const items: TxItem[] = [];
  let patch: Partial<HotelOrderItem> = { refundReason: by.reason, refundTime: now, proxyCancel: 0 };
  if (move.release) {
    items.push(...releaseItems(o, who(by.actor)));
    patch = { holding: 0, cancelTime: now, refundReason: by.reason };
    if (move.refundsMoney && paidMoney(o)) {
      const refund = requestRefund(o, by.reason);
      items.push(...refund.items);
      patch.refundJson = JSON.stringify(refund.detail);
    }
  }
  const push = move.kind === "cancel" ? await pushItems(o.tenantId, "orderCancelled", { to: { client: o.clientId }, address: o.hotelName ?? "" }) : [];
  return [...moveItems(o, move.to, patch), ...items, eventItem(by.actor, o.id, by.label ?? move.label, o.status, move.to, by.note), ...push];
}
