import * as v from "valibot";
import { dateField, idField, idInput, intChoice, maybeChoice, maybeId, optText, positiveIntField, requiredText } from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";

/**
 * The forms and queries of gift weeks (R215–R226) and week exchange (R227–R238), shared by the
 * routes and the console. Messages are the spec's where it gives them; ours are marked.
 */
export const GIFT_INVALID = "无效的周次！";
export const CHOOSE_REVIEW = "请选择审核状态！";
/** The largest gift or exchange at once (ours: a typo of 10000 weeks must not pass). */
export const MAX_WEEKS = 9999;
const TYPE_BAD = "产品类型不正确";

export const GiftWeekInput = v.object({
  clientId: idField("客户不能为空"),
  giftCount: positiveIntField("赠送数量不能为空", "赠送数量必须是正整数", MAX_WEEKS, `赠送数量不能超过${MAX_WEEKS}`),
  giftDuration: dateField("有效期限不能为空"),
  remark: optText(500, "备注不能超过500个字"),
  /** Blank: the client's weekly membership (the one club bookings pay with), else the tenant's first weekly type. */
  productTypeId: maybeId(TYPE_BAD),
});
export type GiftWeekInput = v.InferOutput<typeof GiftWeekInput>;

/** Review: 1 passes (adds the weeks), 2 fails (deletes the record). */
export const GiftWeekPassInput = v.object({ id: idField(GIFT_INVALID), status: intChoice([1, 2] as const, CHOOSE_REVIEW) });
export type GiftWeekPassInput = v.InferOutput<typeof GiftWeekPassInput>;

export const GiftWeekDelayInput = v.object({
  id: idField(GIFT_INVALID),
  delayDuration: dateField("延期期限不能为空"),
  delayReason: requiredText("延期原因不能为空", 200, "延期原因不能超过200个字"),
});
export type GiftWeekDelayInput = v.InferOutput<typeof GiftWeekDelayInput>;

/** Delay review: 1 passes (moves the expiry), 3 refuses. */
export const GiftWeekDelayPassInput = v.object({ id: idField(GIFT_INVALID), delay: intChoice([1, 3] as const, CHOOSE_REVIEW) });
export type GiftWeekDelayPassInput = v.InferOutput<typeof GiftWeekDelayPassInput>;

export const GiftWeekListQuery = listQuery({
  clientId: maybeId(),
  status: maybeChoice([0, 1] as const, "状态不正确"),
  delay: maybeChoice([0, 1, 2, 3] as const, "延期状态不正确"),
});

export const RciExchangeInput = v.object({
  clientId: idField("客户不能为空"),
  exchangeCount: positiveIntField("兑换数量不能为空", "兑换数量必须大于或等于1周", MAX_WEEKS, "兑换数量不能大于剩余数量"),
  remark: optText(500, "备注不能超过500个字"),
  productTypeId: maybeId(TYPE_BAD),
});
export type RciExchangeInput = v.InferOutput<typeof RciExchangeInput>;

export const RCI_INVALID = "无效的交换单";
export const RciBackInput = idInput(RCI_INVALID);

export const RciListQuery = listQuery({ clientId: maybeId(), backFlag: maybeChoice([0, 1, 2] as const, "标记不正确") });

/** The balance history of one client (the membership viewer's 周次流水). */
export const BalanceHistoryQuery = listQuery({ clientId: idField("客户不能为空"), productTypeId: maybeId(TYPE_BAD) });
