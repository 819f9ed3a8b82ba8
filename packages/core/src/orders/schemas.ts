import * as v from "valibot";
import { BAD_INPUT, Refusal, blank, dateField, idField, intChoice, maybeChoice, maybeDate, maybeId, optInt, optText, jsonField, textChoice, toInt } from "../kernel/fields.ts";
import { maybeYuan } from "../kernel/money.ts";
import { listQuery } from "../kernel/paging.ts";
import { MOBILE_PATTERN, normaliseMobile } from "../clients/rules.ts";
import { MSG, MAX_ROOMS, VOUCHER_CLASSES, type ClassCounts } from "./booking.ts";
import { STATUSES } from "./status.ts";

/**
 * The forms of the orders area (R137–R185) and the queries of its routes, shared by the server and
 * the console wizard. Fields arrive form-encoded (strings) or as JSON; a missing key reads as blank
 * so its own message speaks. Every field is a kernel builder (kernel/fields.ts, money.ts, paging.ts).
 */

// In kernel/fields.ts (generic), so the split bill's schemas read JSON without the orders' forms.
export { jsonField, Refusal };

export const OCCUPANTS_BAD = "入住人信息不正确";
export const OCCUPANT_NAME = "入住人姓名不能为空";
export const OCCUPANT_NAME_LONG = "入住人姓名不能超过50个字";
export const OCCUPANT_MOBILE = "入住人手机号不正确";
export const NO_ORDER = "无效的订单";
export const TICKETS_BAD = "房券数量不正确";

export type Occupant = { name: string; mobile: string };

/** Occupants named on one booking: at most 4 a room, for the most rooms a booking holds. */
export const MAX_OCCUPANTS = MAX_ROOMS * 4;
/** The most vouchers of one class a booking may use (every room-night of the largest booking). */
const MAX_CLASS_COUNT = 9999;

const readOccupants = (x: unknown): Occupant[] | Refusal | null => {
  if (!Array.isArray(x) || x.length > MAX_OCCUPANTS) return null;
  const out: Occupant[] = [];
  for (const o of x) {
    if (!o || typeof o !== "object") return null;
    const occupant = o as { name?: unknown; mobile?: unknown };
    const rawName = occupant.name ?? "";
    const rawMobile = occupant.mobile ?? "";
    if (typeof rawName !== "string" || (typeof rawMobile !== "string" && typeof rawMobile !== "number")) return null;
    const name = rawName.trim();
    // Never cut: a mobile typed longer than 30 characters is refused like any other malformed one.
    const typed = String(rawMobile);
    const mobile = normaliseMobile(typed);
    if (!name && !mobile) continue;
    if (!name) return new Refusal(OCCUPANT_NAME);
    if (Array.from(name).length > 50) return new Refusal(OCCUPANT_NAME_LONG);
    if (typed.length > 30 || !MOBILE_PATTERN.test(mobile)) return new Refusal(OCCUPANT_MOBILE);
    out.push({ name, mobile });
  }
  return out;
};

const readClasses = (x: unknown): ClassCounts | null => {
  if (!x || typeof x !== "object" || Array.isArray(x)) return null;
  const out: ClassCounts = {};
  for (const [k, n] of Object.entries(x)) {
    if (!(VOUCHER_CLASSES as readonly string[]).includes(k)) continue;
    const c = blank(n) ? 0 : toInt(n);
    if (!(c >= 0 && c <= MAX_CLASS_COUNT)) return null;
    if (c > 0) out[k as keyof ClassCounts] = c;
  }
  return out;
};

/** createhotelorder (R161–R185). Weeks and prices are computed on the server; totalPrice is checked against them. */
export const CreateOrderInput = v.object({
  clientId: idField(MSG.clientRequired),
  hotelId: idField("酒店不能为空"),
  roomId: idField(MSG.roomRequired),
  checkInDate: dateField(MSG.datesRequired),
  checkOutDate: dateField(MSG.datesRequired),
  roomCount: v.pipe(
    idField(MSG.roomCountRequired),
    v.check((n) => n <= MAX_ROOMS, `预订客房数不能超过${MAX_ROOMS}间`),
  ),
  orderName: optText(100, "订单名称不能超过100个字"),
  /** Yuan as the console showed it, to fen; blank = not checked. */
  totalPrice: maybeYuan("订单金额不正确"),
  ticketClassCountJson: jsonField(TICKETS_BAD, 1000, readClasses, {} as ClassCounts),
  /** The experience batch chosen (its batch number); blank = none. */
  ticketClass1Count: optText(64, TICKETS_BAD),
  checkInClientJson: jsonField(OCCUPANTS_BAD, MAX_OCCUPANTS * 120, readOccupants, [] as Occupant[]),
  remark: optText(500, "备注不能超过500个字"),
});
export type CreateOrderInput = v.InferOutput<typeof CreateOrderInput>;

/** The handling controls (R141): 1 review, 2 refund, 3 complete; the outcome 1 yes, 2 no. */
export const HANDLE_CTRLS = [1, 2, 3] as const;
export const HANDLE_OUTCOMES = [1, 2] as const;

/** The handle call (R137–R142): currentCtrl 1 review, 2 refund, 3 complete; status = the outcome. */
export const HandleInput = v.object({
  orderId: idField(NO_ORDER),
  currentCtrl: intChoice(HANDLE_CTRLS, "办理类型不正确"),
  status: intChoice(HANDLE_OUTCOMES, "请选择办理结果"),
  handleResult: optText(500, "办理说明不能超过500个字"),
});
export type HandleInput = v.InferOutput<typeof HandleInput>;

/** Follow-up statuses (R153; docs/gaps.md §5). */
export const FOLLOWUP_STATUS = { 1: "已完成", 2: "未接通", 3: "拒绝" } as const;

export const FollowupInput = v.object({
  orderId: idField(NO_ORDER),
  status: intChoice([1, 2, 3] as const, "请选择回访状态"),
  content: optText(500, "回访内容不能超过500个字"),
});
export type FollowupInput = v.InferOutput<typeof FollowupInput>;

export const ProxyCancelInput = v.object({
  orderId: idField(NO_ORDER),
  refundReason: optText(500, "退订原因不能超过500个字"),
});
export type ProxyCancelInput = v.InferOutput<typeof ProxyCancelInput>;

export const OrderIdInput = v.object({ orderId: idField(NO_ORDER) });
/** The detail panel names the order as orderId (or id). */
export const OrderViewQuery = v.pipe(
  v.object({ orderId: maybeId(NO_ORDER), id: maybeId(NO_ORDER) }),
  v.check((q) => (q.orderId ?? q.id) !== undefined, NO_ORDER),
  v.transform(({ orderId, id }) => ({ orderId: (orderId ?? id)! })),
);
export const RsIdInput = v.object({ rsId: idField(NO_ORDER) });

/** What a client holds for a booking at a hotel (0 = none chosen yet) over a stay, when known. */
export const MemberStoreInput = v.object({
  clientId: idField(MSG.invalidClient),
  hotelId: optInt(0, BAD_INPUT),
  checkInDate: maybeDate(),
  checkOutDate: maybeDate(),
});
export type MemberStoreInput = v.InferOutput<typeof MemberStoreInput>;

/** The order categories (checkinType). */
export const ORDER_CATEGORIES = ["club", "rci", "discount", "product"] as const;
const STATUS_BAD = "订单状态不正确";

/**
 * The order and proxy order lists: a shop inside the caller's departments, a status (orderStatus,
 * or status from older callers), a category; the keyword is an order number.
 */
export const OrderListQuery = v.pipe(
  listQuery({
    shop: optText(60, "门店不正确"),
    orderStatus: maybeChoice(STATUSES, STATUS_BAD),
    status: maybeChoice(STATUSES, STATUS_BAD),
    checkinType: textChoice(ORDER_CATEGORIES, "订单类型不正确"),
  }),
  v.transform(({ shop, orderStatus, status, checkinType, paging }) => ({ shop: shop || undefined, status: orderStatus ?? status, checkinType, paging })),
);
export type OrderListQuery = v.InferOutput<typeof OrderListQuery>;
