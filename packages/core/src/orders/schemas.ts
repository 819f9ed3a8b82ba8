import * as v from "valibot";
import { isDate } from "../hotels/nights.ts";
import { MOBILE_PATTERN, normaliseMobile } from "../clients/rules.ts";
import { MSG, VOUCHER_CLASSES, type ClassCounts } from "./booking.ts";

/**
 * The forms of the orders area (R137–R185), shared by the server and the console wizard. Fields
 * arrive form-encoded (strings) or as JSON; a missing key reads as blank so its own message speaks.
 */
const rawValue = v.optional(v.nullable(v.union([v.string(), v.number()])), "");
const blank = (x: unknown) => x === undefined || x === null || String(x).trim() === "";

const requiredInt = (msg: string) =>
  v.pipe(rawValue, v.check((x) => !blank(x), msg), v.transform((x) => Number(x)), v.number(msg), v.integer(msg), v.minValue(1, msg));
const optInt = (msg: string) => v.pipe(rawValue, v.transform((x) => (blank(x) ? 0 : Number(x))), v.number(msg), v.integer(msg), v.minValue(0, msg));
const text = (max: number, msg: string) => v.pipe(rawValue, v.transform((x) => (blank(x) ? "" : String(x).trim())), v.maxLength(max, msg));
const date = (msg: string) => v.pipe(rawValue, v.check((x) => !blank(x), msg), v.transform((x) => String(x).trim().slice(0, 10)), v.check(isDate, "日期格式不正确"));
/** JSON text or an already-parsed value. */
const json = <T>(msg: string, read: (x: unknown) => T | null, empty: T) =>
  v.pipe(
    v.optional(v.nullable(v.unknown()), ""),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      let raw = dataset.value;
      if (blank(raw)) return empty;
      if (typeof raw === "string") {
        try {
          raw = JSON.parse(raw);
        } catch {
          addIssue({ message: msg });
          return NEVER;
        }
      }
      const out = read(raw);
      if (out === null) {
        addIssue({ message: msg });
        return NEVER;
      }
      return out;
    }),
  );

export const OCCUPANTS_BAD = "入住人信息不正确";
export const TICKETS_BAD = "房券数量不正确";

export type Occupant = { name: string; mobile: string };

const readOccupants = (x: unknown): Occupant[] | null => {
  if (!Array.isArray(x)) return null;
  const out: Occupant[] = [];
  for (const o of x) {
    if (!o || typeof o !== "object") return null;
    const name = String((o as any).name ?? "").trim();
    const mobile = normaliseMobile(String((o as any).mobile ?? ""));
    if (!name && !mobile) continue;
    if (!name || name.length > 50 || !MOBILE_PATTERN.test(mobile)) return null;
    out.push({ name, mobile });
  }
  return out;
};

const readClasses = (x: unknown): ClassCounts | null => {
  if (!x || typeof x !== "object" || Array.isArray(x)) return null;
  const out: ClassCounts = {};
  for (const [k, n] of Object.entries(x)) {
    if (!(VOUCHER_CLASSES as readonly string[]).includes(k)) continue;
    const c = Number(n ?? 0);
    if (!Number.isInteger(c) || c < 0) return null;
    if (c > 0) out[k as keyof ClassCounts] = c;
  }
  return out;
};

/** createhotelorder (R161–R185). Weeks and prices are computed on the server; totalPrice is checked against them. */
export const CreateOrderInput = v.object({
  clientId: requiredInt(MSG.clientRequired),
  hotelId: requiredInt("酒店不能为空"),
  roomId: requiredInt(MSG.roomRequired),
  checkInDate: date(MSG.datesRequired),
  checkOutDate: date(MSG.datesRequired),
  roomCount: requiredInt(MSG.roomCountRequired),
  orderName: text(100, "订单名称不能超过100个字"),
  /** Yuan, as the console showed it; blank = not checked. */
  totalPrice: v.pipe(rawValue, v.transform((x) => (blank(x) ? null : Number(x))), v.check((x) => x === null || (Number.isFinite(x) && x >= 0), "订单金额不正确")),
  ticketClassCountJson: json(TICKETS_BAD, readClasses, {} as ClassCounts),
  /** The experience batch chosen (its batch number); blank = none. */
  ticketClass1Count: text(64, TICKETS_BAD),
  checkInClientJson: json(OCCUPANTS_BAD, readOccupants, [] as Occupant[]),
  remark: text(500, "备注不能超过500个字"),
});
export type CreateOrderInput = v.InferOutput<typeof CreateOrderInput>;

/** The handle call (R137–R142): currentCtrl 1 review, 2 refund, 3 complete; status = the outcome. */
export const HandleInput = v.object({
  orderId: requiredInt("无效的订单"),
  currentCtrl: requiredInt("办理类型不正确"),
  status: requiredInt("请选择办理结果"),
  handleResult: text(500, "办理说明不能超过500个字"),
});
export type HandleInput = v.InferOutput<typeof HandleInput>;

/** Follow-up statuses (R153; gaps.md §5). */
export const FOLLOWUP_STATUS = { 1: "已完成", 2: "未接通", 3: "拒绝" } as const;

export const FollowupInput = v.object({
  orderId: requiredInt("无效的订单"),
  status: v.pipe(requiredInt("请选择回访状态"), v.picklist([1, 2, 3], "请选择回访状态")),
  content: text(500, "回访内容不能超过500个字"),
});
export type FollowupInput = v.InferOutput<typeof FollowupInput>;

export const ProxyCancelInput = v.object({
  orderId: requiredInt("无效的订单"),
  refundReason: text(500, "退订原因不能超过500个字"),
});
export type ProxyCancelInput = v.InferOutput<typeof ProxyCancelInput>;

export const OrderIdInput = v.object({ orderId: requiredInt("无效的订单") });
export const RsIdInput = v.object({ rsId: requiredInt("无效的订单") });
export const MemberStoreInput = v.object({
  clientId: requiredInt(MSG.invalidClient),
  hotelId: optInt("参数格式不正确"),
  checkInDate: v.pipe(rawValue, v.transform((x) => (blank(x) ? "" : String(x).trim().slice(0, 10)))),
  checkOutDate: v.pipe(rawValue, v.transform((x) => (blank(x) ? "" : String(x).trim().slice(0, 10)))),
});
