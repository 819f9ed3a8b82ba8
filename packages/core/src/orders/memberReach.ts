import { HotelOrder, type HotelOrderItem } from "./entities.ts";
import type { Actor } from "./records.ts";
import { MEMBER_MSG } from "./memberRules.ts";
import type { Member } from "../auth/memberAuth.ts";
import { DomainError } from "../kernel/errors.ts";

/**
 * What the member's order routes share (both Lambdas: memberBooking places, memberHotels lists and
 * cancels): the member as the order's history names them, and the member's reach — the orders of
 * the client they are bound to (`member.clientId`); any other id answers 订单不存在, exactly as an id
 * that does not exist.
 */
export const memberActor = (m: Member): Actor => ({ tenantId: m.tenantId, userId: 0, realname: m.realname ? `会员${m.realname}` : "会员", username: m.mobile || "会员" });

/** One of the member's own orders; anyone else's, or none, is 订单不存在. */
export async function ownOrder(m: Member, id: number): Promise<HotelOrderItem> {
  const { data } = m.clientId ? await HotelOrder.get({ tenantId: m.tenantId, id }).go() : { data: null };
  if (!data || data.clientId !== m.clientId) throw new DomainError(MEMBER_MSG.noOrder, "404");
  return data;
}
