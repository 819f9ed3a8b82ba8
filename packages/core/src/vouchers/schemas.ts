import * as v from "valibot";
import { BAD_INPUT, dateField, idField, intChoice, maybeChoice, maybeId, optInt, optText, positiveIntField, rawValue, blank, toInt, MAX_INT } from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";
import { maybeYuan } from "../kernel/money.ts";
import { PRICE_TYPE, TICKET_TYPE, USE_SCOPE } from "./ledger/plan.ts";
import { MSG, REVIEW } from "./rules.ts";

/**
 * The forms and queries of the vouchers area (purchases, gift vouchers, room-voucher exchange),
 * shared by the routes and the console's forms so each rule and message exists once.
 */
const MAX_VOUCHERS = 9999;
const REMARK = optText(500, "备注不能超过500个字");
const TYPE_BAD = "房券类型不正确";
/** The form's `bindingHotelId` list (0 = general, R192) or the older single `hotelId`; blank or 0 = general. */
const binding = v.pipe(
  rawValue,
  v.transform((x) =>
    blank(x)
      ? []
      : String(x)
          .split(",")
          .map((s) => s.trim()),
  ),
  v.check((xs) => xs.length <= 50, "酒店不正确"),
  v.check((xs) => xs.every((s) => /^\d{1,10}$/.test(s) && toInt(s) <= MAX_INT), "酒店不正确"),
  v.transform((xs) => [...new Set(xs.map(toInt))]),
);

const voucherFields = {
  clientId: idField(MSG.clientMissing),
  ticketDuration: dateField(MSG.durationMissing),
  priceType: intChoice([PRICE_TYPE.free, PRICE_TYPE.half] as const, TYPE_BAD, PRICE_TYPE.free),
  useScope: intChoice([USE_SCOPE.all, USE_SCOPE.weekend, USE_SCOPE.weekdays] as const, TYPE_BAD, USE_SCOPE.all),
  bindingHotelId: binding,
  remark: REMARK,
};

/** Room-voucher purchase order (R195–R199). A saved order is never edited: it is deleted and made again. */
export const PurchaseInput = v.pipe(
  v.object({
    ...voucherFields,
    hotelId: maybeId("酒店不正确"),
    ticketType: intChoice([TICKET_TYPE.discount, TICKET_TYPE.experience] as const, TYPE_BAD, TICKET_TYPE.discount),
    ticketCount: positiveIntField(MSG.countMissing, "数量必须是正整数", MAX_VOUCHERS, `数量不能超过${MAX_VOUCHERS}`),
    payAmount: v.pipe(
      maybeYuan("支付金额格式不正确"),
      v.check((fen) => fen !== undefined, MSG.payMissing),
      v.transform((fen) => fen as number),
    ),
  }),
  v.transform(({ hotelId, bindingHotelId, ...rest }) => ({ ...rest, bindingHotelIds: bindingHotelId.length ? bindingHotelId : hotelId ? [hotelId] : [] })),
);
export type PurchaseInput = v.InferOutput<typeof PurchaseInput>;

/** Gift room vouchers (R202–R206): always discount vouchers, pending until reviewed. */
export const GiftInput = v.pipe(
  v.object({
    ...voucherFields,
    hotelId: maybeId("酒店不正确"),
    ticketCount: positiveIntField(MSG.giftCountMissing, "数量必须是正整数", MAX_VOUCHERS, `数量不能超过${MAX_VOUCHERS}`),
  }),
  v.transform(({ hotelId, bindingHotelId, ...rest }) => ({ ...rest, bindingHotelIds: bindingHotelId.length ? bindingHotelId : hotelId ? [hotelId] : [] })),
);
export type GiftInput = v.InferOutput<typeof GiftInput>;

const batchNoField = v.pipe(optText(40, MSG.invalidBatch), v.nonEmpty(MSG.invalidBatch), v.regex(/^[A-Za-z0-9_-]+$/, MSG.invalidBatch));

/** Gift review (R209–R211): 1 approved, 2 not passed. */
export const ReviewInput = v.object({
  batchNo: batchNoField,
  status: intChoice([REVIEW.passed, REVIEW.refused] as const, MSG.pickReview),
});
export type ReviewInput = v.InferOutput<typeof ReviewInput>;

export const RevokeInput = v.object({ batchNo: batchNoField });

/**
 * Room-voucher exchange (R235–R240): `id` names the membership (the client's stored weeks of one
 * product type, the membership viewer's row), `weekCount` whole weeks.
 */
export const ExchangeInput = v.object({
  id: idField(MSG.membershipMissing),
  clientId: idField(MSG.clientMissing),
  weekCount: v.pipe(
    rawValue,
    v.check((x) => !blank(x), MSG.exchangeMissing),
    v.transform((x) => toInt(x)),
    v.check((n) => Number.isInteger(n) && n >= 1, MSG.exchangeAtLeastOne),
    v.check((n) => n <= 1000, MSG.exchangeTooMany),
  ),
  remark: REMARK,
});
export type ExchangeInput = v.InferOutput<typeof ExchangeInput>;

/** The purchase list (R186): keyword on client information, by status. */
export const PurchaseListQuery = listQuery({ exchangeType: optInt(3, BAD_INPUT, 0, 9), status: maybeChoice([0, 1] as const, "状态不正确"), clientId: maybeId() });

/** hotelticket/list (R241): exchangeType 3 = gift vouchers, "1,2" = exchange orders. */
export const HotelTicketListQuery = listQuery({
  exchangeType: v.pipe(
    optText(10, BAD_INPUT),
    v.transform((s) => (s.trim() === "" ? "3" : s.replace(/\s/g, ""))),
    v.picklist(["3", "1,2", "2,1", "1", "2"], BAD_INPUT),
    v.transform((s): "gift" | "exchange" => (s === "3" ? "gift" : "exchange")),
  ),
  clientId: maybeId(),
  /** Gift batches only: 0 waiting for review, 1 reviewed (the workbench's link to the waiting ones). */
  status: maybeChoice([0, 1] as const, "状态不正确"),
});

/** A purchase by id (detail, delete). */
export const PurchaseIdInput = v.object({ id: idField() });

/**
 * The sandbox payment (docs/api.md): what the provider's notice carries. `outTradeNo` is the
 * order's number (TB… a room-voucher purchase, CP… a membership purchase), `totalFee` in yuan.
 */
export const PaymentNoticeInput = v.object({
  outTradeNo: v.pipe(optText(40, MSG.payUnknown), v.regex(/^[A-Z]{2}\d{14,}$/, MSG.payUnknown)),
  totalFee: v.pipe(
    maybeYuan("支付金额格式不正确"),
    v.check((fen) => fen !== undefined, MSG.payMissing),
    v.transform((fen) => fen as number),
  ),
  tradeNo: optText(64, BAD_INPUT),
});
export type PaymentNoticeInput = v.InferOutput<typeof PaymentNoticeInput>;

/** A notice field as the provider signed it: text, bounded, of a fixed alphabet (refused as 支付通知格式不正确). */
const noticeText = (max: number, re: RegExp) => v.pipe(optText(max, MSG.noticeBad), v.regex(re, MSG.noticeBad));

/**
 * The payment provider's signed notice (`POST /xiangyu/api/pay/notify/{tenant}`, docs/api.md):
 * every field kept as the text that was signed (orders/payNotice.ts), `amount` in fen. `sign` is
 * any text up to 128 characters, so a wrong one is answered by the verification (401), not here.
 */
export const PayNotifyInput = v.object({
  tenant: noticeText(40, /^[A-Za-z0-9_-]+$/),
  outTradeNo: noticeText(40, /^[A-Z]{2}\d{14,}$/),
  amount: noticeText(10, /^[1-9]\d{0,9}$/),
  tradeNo: noticeText(64, /^[A-Za-z0-9_-]+$/),
  tradeState: noticeText(32, /^[A-Z_]+$/),
  timestamp: noticeText(10, /^\d{10}$/),
  nonce: noticeText(32, /^[A-Za-z0-9]{8,32}$/),
  sign: optText(128, MSG.noticeBad),
});
export type PayNotifyInput = v.InferOutput<typeof PayNotifyInput>;

/** R212: the review needs P, refused with the spec's own words (the generic P text is 你没有启禁用权限); the route says so (`denial`). */
export const REVIEW_DENIAL = "你没有审核权限";
