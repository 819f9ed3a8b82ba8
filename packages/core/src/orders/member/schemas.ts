import * as v from "valibot";
import { dateField, idField, maybeChoice, optText, textChoice } from "../../kernel/fields.ts";
import { listQuery } from "../../kernel/paging.ts";
import { daysBetween } from "../../hotels/nights.ts";
import { MAX_NIGHTS, MSG } from "../booking.ts";
import { CreateOrderInput, NO_ORDER } from "../schemas.ts";
import { STATUSES } from "../status.ts";
import { MEMBER_MSG, PAY_WITH, type PayWith } from "../memberRules.ts";

/**
 * The mini-program member's booking routes (issue 34; docs/api.md "Member routes (issue 34): booking"):
 * hotel search, one hotel for a stay, placing an order, my orders, one order, cancelling. Every field
 * is a kernel builder; the booking's own fields are the staff form's (schemas.ts CreateOrderInput), so
 * both are refused alike.
 */
const STAY_BAD = "离店日期必须晚于入住日期";
const AREA_BAD = "地区编码不正确";

const stayFields = { checkInDate: dateField(MSG.datesRequired), checkOutDate: dateField(MSG.datesRequired) };
type Stay = { checkInDate: string; checkOutDate: string };
const inOrder = (s: Stay) => s.checkOutDate > s.checkInDate;
const notTooLong = (s: Stay) => daysBetween(s.checkInDate, s.checkOutDate) <= MAX_NIGHTS;

/** Hotels with rooms for a stay: a name keyword (the paging's `keyword`), a type, a region code (province, city or district); always in the hotel list's order. */
export const MemberHotelSearch = v.pipe(
  listQuery(
    {
      ...stayFields,
      hotelType: maybeChoice([1, 2] as const, "酒店类型不正确"),
      areaCode: v.pipe(optText(12, AREA_BAD), v.regex(/^\d*$/, AREA_BAD)),
    },
    { sort: "sortOrder", order: "asc" },
  ),
  v.check((s) => inOrder(s), STAY_BAD),
  v.check((s) => notTooLong(s), MSG.tooLong),
);
export type MemberHotelSearch = v.InferOutput<typeof MemberHotelSearch>;

/** One hotel for a stay. */
export const MemberHotelQuery = v.pipe(
  v.object({ id: idField("酒店不能为空"), ...stayFields }),
  v.check((s) => inOrder(s), STAY_BAD),
  v.check((s) => notTooLong(s), MSG.tooLong),
);
export type MemberHotelQuery = v.InferOutput<typeof MemberHotelQuery>;

const booking = CreateOrderInput.entries;

/** A member's booking: the staff form's stay, rooms and occupants, and how the member pays. */
export const MemberOrderInput = v.object({
  hotelId: booking.hotelId,
  roomId: booking.roomId,
  checkInDate: booking.checkInDate,
  checkOutDate: booking.checkOutDate,
  roomCount: booking.roomCount,
  payWith: v.pipe(
    textChoice(PAY_WITH, MEMBER_MSG.payWithBad),
    v.check((p) => p !== undefined, MEMBER_MSG.payWithRequired),
    v.transform((p) => p as PayWith),
  ),
  /** The occupants ([{name, mobile}], JSON or a list), as the staff form's checkInClientJson. */
  occupants: booking.checkInClientJson,
  /** Yuan as the mini-program showed it; blank = not checked (订单金额已变化，请重新确认 when it differs). */
  totalPrice: booking.totalPrice,
  remark: booking.remark,
});
export type MemberOrderInput = v.InferOutput<typeof MemberOrderInput>;

/** My orders, newest first; a status filter. */
export const MemberOrderListQuery = listQuery({ status: maybeChoice(STATUSES, "订单状态不正确") });
export type MemberOrderListQuery = v.InferOutput<typeof MemberOrderListQuery>;

export const MemberOrderIdInput = v.object({ id: idField(NO_ORDER) });

export const MemberCancelInput = v.object({ id: idField(NO_ORDER), reason: optText(500, "退订原因不能超过500个字") });
export type MemberCancelInput = v.InferOutput<typeof MemberCancelInput>;
