import { placeHotelOrder, type Placer } from "./create.ts";
import { memberActor, ownOrder } from "./memberReach.ts";
import { cancelKind, MEMBER_MSG } from "./memberRules.ts";
import { memberOrderDetail, type MemberOrderDetail } from "./memberViews.ts";
import type { MemberOrderInput } from "./member/schemas.ts";
import { getClient } from "../clients/visible.ts";
import type { ClientItem } from "../clients/entities.ts";
import type { Member } from "../auth/memberAuth.ts";
import { DomainError } from "../kernel/errors.ts";

/**
 * mp/order/create (issue 34): the member books for the client they are bound to, with the staff's
 * booking rules — the very function the proxy order runs (create.ts `placeHotelOrder`) — choosing how
 * to pay (memberRules.ts). The order is the staff's kind of order, in the staff lists for review.
 * Kept apart from the member's other order routes (memberOrders.ts): this one runs in its own Lambda
 * (memberBooking), which carries the ledgers' deductions, the other their restores and the refunds.
 */

/** The client the member is bound to; an unbound member (or a client gone or bound to someone else) must bind first (409, as the other member routes). */
async function memberClient(m: Member): Promise<ClientItem> {
  const c = m.clientId ? await getClient(m.tenantId, m.clientId) : null;
  if (!c || c.globalId !== m.userId) throw new DomainError(MEMBER_MSG.notBound, "409");
  return c;
}

export async function placeMemberOrder(m: Member, input: MemberOrderInput): Promise<MemberOrderDetail> {
  if (!m.clientId) throw new DomainError(MEMBER_MSG.notBound, "409");
  const by: Placer = { ...memberActor(m), proxy: false };
  const request = {
    hotelId: input.hotelId,
    roomId: input.roomId,
    checkInDate: input.checkInDate,
    checkOutDate: input.checkOutDate,
    roomCount: input.roomCount,
    orderName: "",
    totalPrice: input.totalPrice,
    ticketClassCountJson: {},
    ticketClass1Count: "",
    checkInClientJson: input.occupants,
    remark: input.remark,
  };
  const { id } = await placeHotelOrder({ by, client: () => memberClient(m), request, payWith: input.payWith });
  const o = await ownOrder(m, id);
  return memberOrderDetail(o, cancelKind(o));
}
