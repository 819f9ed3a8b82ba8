import { PRICE_TYPE, TICKET_TYPE, USE_SCOPE } from "@xiangyu/core/vouchers/ledger/plan";

/** How the console names voucher kinds (R189–R191). */
export const TICKET_TYPES = [
  { value: TICKET_TYPE.discount, label: "折扣券" },
  { value: TICKET_TYPE.experience, label: "体验券" },
];
export const PRICE_TYPES = [
  { value: PRICE_TYPE.free, label: "免费券" },
  { value: PRICE_TYPE.half, label: "半价券" },
];
export const USE_SCOPES = [
  { value: USE_SCOPE.all, label: "全周" },
  { value: USE_SCOPE.weekend, label: "周末" },
  { value: USE_SCOPE.weekdays, label: "平日" },
];
const nameOf = (list: { value: number; label: string }[], v: number | undefined) => list.find((x) => x.value === v)?.label ?? String(v ?? "");
export const ticketTypeName = (v?: number) => (v === TICKET_TYPE.experience ? "体验券" : "折扣券");
export const priceTypeName = (v?: number) => nameOf(PRICE_TYPES, v);
export const scopeName = (v?: number) => nameOf(USE_SCOPES, v);
/** The expiry as a day (stored as its 23:59:59). */
export const dayOf = (s?: string) => (s ?? "").slice(0, 10);
