import { HotelOrder, PAY_DEADLINES, PayDeadline } from "./entities.ts";
import type { Actor } from "./records.ts";
import { AWAITING_PAYMENT, memberMoveOf, PAY_EXPIRED } from "./memberRules.ts";
import { memberMoveItems } from "./memberMoves.ts";
import { dueItems } from "../kernel/queue.ts";
import { DomainError } from "../kernel/errors.ts";
import { transact, txDelete } from "../kernel/tx.ts";

/**
 * Orders left unpaid at their payment deadline (memberRules.ts MEMBER_PAY_MINUTES after booking)
 * are closed: 3 → 11 with exactly the member's cancel of status 3 (memberMoves.ts: rooms, weeks and
 * vouchers given back, the history line, the client's message), the deadline's queue item deleted in
 * the same transaction. Run by the orders' payment job (functions jobs/refundSettle.ts, every minute).
 */
const clock = (tenantId: string): Actor => ({ tenantId, userId: 0, realname: "", username: "系统" });

/** Closes the orders whose deadline has passed, at most `limit` of each queue shard per run. Answers how many were closed. */
export async function closeOverdueOrders(limit?: number): Promise<number> {
  const data = await dueItems(PAY_DEADLINES, (key, due, n) => PayDeadline.query.byDue(key).lt(due).go({ limit: n }), limit);
  let closed = 0;
  for (const due of data) {
    const done = txDelete(PayDeadline.delete(due));
    const { data: o } = await HotelOrder.get({ tenantId: due.tenantId, id: due.orderId }).go();
    const move = o?.status === AWAITING_PAYMENT ? memberMoveOf(o.status) : undefined;
    // Paid, cancelled or deleted meanwhile: the deadline no longer matters.
    if (!o || !move) {
      await transact([done]);
      continue;
    }
    try {
      await transact([...(await memberMoveItems(o, move, { actor: clock(o.tenantId), reason: PAY_EXPIRED, note: "", label: PAY_EXPIRED })), done]);
      closed++;
    } catch (e) {
      // Paid or cancelled at this very instant (or a conflict): the item stays, and the next run reads the order again.
      if (!(e instanceof DomainError && e.code === "409")) throw e;
    }
  }
  return closed;
}
