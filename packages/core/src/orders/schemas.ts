import * as v from "valibot";
import { blank, dateField, optInt, optText, rawValue, requiredInt } from "../kernel/fields.ts";
import { MOBILE_PATTERN, normaliseMobile } from "../clients/rules.ts";
import { MSG, VOUCHER_CLASSES, type ClassCounts } from "./booking.ts";

/**
 * The forms of the orders area (R137–R185), shared by the server and the console wizard. Fields
 * arrive form-encoded (strings) or as JSON; a missing key reads as blank so its own message speaks.
 */
/** Ids are positive. */
const requiredId = (msg: string) => v.pipe(requiredInt(msg), v.minValue(1, msg));
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
  clientId: requiredId(MSG.clientRequired),
  hotelId: requiredId("酒店不能为空"),
  roomId: requiredId(MSG.roomRequired),
  checkInDate: dateField(MSG.datesRequired),
  checkOutDate: dateField(MSG.datesRequired),
  roomCount: requiredId(MSG.roomCountRequired),
  orderName: optText(100, "订单名称不能超过100个字"),
  /** Yuan, as the console showed it; blank = not checked. */
  totalPrice: v.pipe(rawValue, v.transform((x) => (blank(x) ? null : Number(x))), v.check((x) => x === null || (Number.isFinite(x) && x >= 0), "订单金额不正确")),
  ticketClassCountJson: json(TICKETS_BAD, readClasses, {} as ClassCounts),
  /** The experience batch chosen (its batch number); blank = none. */
  ticketClass1Count: optText(64, TICKETS_BAD),
  checkInClientJson: json(OCCUPANTS_BAD, readOccupants, [] as Occupant[]),
  remark: optText(500, "备注不能超过500个字"),
});
export type CreateOrderInput = v.InferOutput<typeof CreateOrderInput>;

/** The handle call (R137–R142): currentCtrl 1 review, 2 refund, 3 complete; status = the outcome. */
export const HandleInput = v.object({
  orderId: requiredId("无效的订单"),
  currentCtrl: requiredId("办理类型不正确"),
  status: requiredId("请选择办理结果"),
  handleResult: optText(500, "办理说明不能超过500个字"),
});
export type HandleInput = v.InferOutput<typeof HandleInput>;

/** Follow-up statuses (R153; gaps.md §5). */
export const FOLLOWUP_STATUS = { 1: "已完成", 2: "未接通", 3: "拒绝" } as const;

export const FollowupInput = v.object({
  orderId: requiredId("无效的订单"),
  status: v.pipe(requiredId("请选择回访状态"), v.picklist([1, 2, 3], "请选择回访状态")),
  content: optText(500, "回访内容不能超过500个字"),
});
export type FollowupInput = v.InferOutput<typeof FollowupInput>;

export const ProxyCancelInput = v.object({
  orderId: requiredId("无效的订单"),
  refundReason: optText(500, "退订原因不能超过500个字"),
});
export type ProxyCancelInput = v.InferOutput<typeof ProxyCancelInput>;

export const OrderIdInput = v.object({ orderId: requiredId("无效的订单") });
export const RsIdInput = v.object({ rsId: requiredId("无效的订单") });
export const MemberStoreInput = v.object({
  clientId: requiredId(MSG.invalidClient),
  hotelId: optInt(0, "参数格式不正确"),
  checkInDate: v.pipe(rawValue, v.transform((x) => (blank(x) ? "" : String(x).trim().slice(0, 10)))),
  checkOutDate: v.pipe(rawValue, v.transform((x) => (blank(x) ? "" : String(x).trim().slice(0, 10)))),
});
