import * as v from "valibot";
import { BAD_DATE, dateField, idField, idsField, idsInput, isBusinessDate, maybeChoice, maybeId, optInt, optText, requiredText, wholeRecord } from "../kernel/fields.ts";
import { maybeYuan } from "../kernel/money.ts";
import { listQuery } from "../kernel/paging.ts";
import { APPOINTMENT_FILTERS, APPOINTMENT_VALUES, BUY_VALUES, DEAL_VALUES, PRESENCE_VALUES, QUALIFIED_VALUES, WO_MSG } from "./rules.ts";

/**
 * The work-order area's forms and queries (R307–R347), shared by the routes and the console. The
 * fields are checked for their form here; which of them a save needs depends on the work order's
 * state, so the required-field messages (R333–R344) come from rules.ts `decide`/`checkPurchase`.
 */
export const INVALID_CLIENT = "无效的客户信息";
export const INVALID_PRODUCT = "无效的产品记录，请重选";
export const INVALID_PURCHASE = "无效的购买ID";
export const NO_WORK_ORDER = "该工单不存在或已被删除";
export const AMOUNT_MISSING = "未填写金额";
/** Booking-call form (R312–R314). */
export const BOOKING_MSG = { shop: "门店不能为空", bookingUser: "请选择电邀员", clients: "请选择客户" } as const;

/** "YYYY-MM-DD" or "YYYY-MM-DD HH:mm:ss" of a real day, kept as typed; blank is "". */
const maybeTime = v.pipe(
  optText(19, BAD_DATE),
  v.check((s) => s === "" || isBusinessDate(s), BAD_DATE),
);
const t = (max: number, name: string) => optText(max, `${name}不能超过${max}个字`);

export const WorkOrderSaveInput = wholeRecord(
  {
    id: maybeId(NO_WORK_ORDER),
    clientId: idField(INVALID_CLIENT),
    isAppointment: maybeChoice(APPOINTMENT_VALUES, WO_MSG.isAppointment),
    appointmentTime: maybeTime,
    appointmentAdrress: t(100, "应邀展场"),
    appointmentRemark: t(500, "应邀备注"),
    bePresent: maybeChoice(PRESENCE_VALUES, WO_MSG.bePresent),
    arrivalTime: maybeTime,
    arrivalRemark: t(500, "到场备注"),
    receptionStaff: t(50, "接待人员"),
    isQualified: maybeChoice(QUALIFIED_VALUES, WO_MSG.isQualified),
    unpualifiedReason: t(50, "不合格原因"),
    isBuy: maybeChoice(BUY_VALUES, WO_MSG.isBuy),
    notBuyReason: t(100, "未购买原因"),
    isBuyPassed: maybeChoice(DEAL_VALUES, "成交情况不正确"),
    notBuyReasonPassed: t(200, "未成交原因"),
    saleUser: t(50, "销售人员"),
    // buyInfo, merged into the work order's form (workordersave takes the work order merged with its buy info).
    productId: maybeId(INVALID_PRODUCT),
    payType: t(10, "支付方式"),
    isInstallment: maybeChoice([0, 1] as const, WO_MSG.isInstallment),
    payAmount: maybeYuan("支付金额格式不正确"),
    firstPayAmount: maybeYuan("首次支付金额格式不正确"),
    giftCount: optInt(0, "赠送数量必须是不小于0的整数", 0, 9999),
    givingGifts: t(200, "赠送礼品"),
    remark: t(500, "备注"),
    buylistId: maybeId(INVALID_PURCHASE),
    /** An invitation call to record with this save (docs/gaps.md §9: invite / re-invite): its result and notes. */
    recordType: t(20, "电邀结果"),
    recordRemark: t(500, "电邀记录"),
  },
  // "always": a save without an id edits the client's latest work order, so every save is an edit of one.
  "always",
  // The id (none: the latest work order, or a new one) and the purchase and the call registered with this
  // save, not parts of the work order: they may be left out.
  ["id", "productId", "payType", "isInstallment", "payAmount", "firstPayAmount", "giftCount", "givingGifts", "remark", "buylistId", "recordType", "recordRemark"],
);
export type WorkOrderSaveInput = v.InferOutput<typeof WorkOrderSaveInput>;

export const WorkOrderViewQuery = v.object({ id: maybeId(NO_WORK_ORDER), clientId: maybeId(INVALID_CLIENT) });
export const WorkOrdersOfClientQuery = v.object({ clientId: idField(INVALID_CLIENT) });

/** The list (R307–R309): status is a four-digit code; isSales=1 lists the caller's own (docs/gaps.md §9). */
export const WorkOrderListQuery = listQuery({
  isSales: maybeChoice([0, 1] as const, "参数格式不正确"),
  shop: t(60, "门店"),
  status: v.pipe(
    optText(4, "工单状态不正确"),
    v.check((s) => s === "" || /^\d{4}$/.test(s), "工单状态不正确"),
  ),
  appointmentType: maybeChoice(APPOINTMENT_FILTERS, "应邀日期筛选不正确"),
});
export type WorkOrderListQuery = v.InferOutput<typeof WorkOrderListQuery>;

export const WorkOrderDeleteInput = idsInput();

export const ClientStatusInput = v.object({
  clientId: idField(INVALID_CLIENT),
  jobType: t(20, "职业"),
  maritalStatus: t(10, "婚姻状况"),
});

/** Final payment (R274): the purchase and the amount, required and a number (未填写金额). */
export const FinalPayInput = v.object({
  id: idField(INVALID_PURCHASE),
  finalPayAmount: v.pipe(
    maybeYuan(AMOUNT_MISSING),
    v.check((x) => x !== undefined, AMOUNT_MISSING),
    v.transform((x) => x as number),
  ),
});
export type FinalPayInput = v.InferOutput<typeof FinalPayInput>;

// ── tasks (booking-call work orders, docs/gaps.md §3) ──

export const BookingSaveInput = wholeRecord({
  id: maybeId("该任务不存在或已被删除"),
  shop: requiredText(BOOKING_MSG.shop, 60, "门店不正确"),
  bookingUser: idField(BOOKING_MSG.bookingUser),
  bookingstoreclient: idsField(BOOKING_MSG.clients),
});
export type BookingSaveInput = v.InferOutput<typeof BookingSaveInput>;

/** The task list: store, inviter, completion (1 all invited, 2 some not yet). */
export const BookingListQuery = listQuery({
  shop: t(60, "门店"),
  bookingUser: maybeId("电邀员不正确"),
  status: maybeChoice([0, 1, 2] as const, "完成情况不正确"),
  userRole: t(30, "角色"),
});
export type BookingListQuery = v.InferOutput<typeof BookingListQuery>;

export const BookingViewQuery = v.object({ id: idField("该任务不存在或已被删除") });
export const BookingClientsQuery = v.object({ shop: requiredText(BOOKING_MSG.shop, 60, "门店不正确"), id: maybeId("该任务不存在或已被删除") });
export const BookingDeleteInput = idsInput();
export const BusinessmanQuery = v.object({ userRole: t(30, "角色"), shop: t(60, "门店") });
export const TaskClientsQuery = v.object({ storeId: idField("该任务不存在或已被删除") });
export const MyTasksQuery = listQuery({ invited: maybeChoice([0, 1, 2] as const, "参数格式不正确") });

/** The funnel (beyond the spec): a period of at most MAX_FUNNEL_DAYS days, optionally one store or branch. */
export const FunnelQuery = v.object({ from: dateField("开始日期不能为空"), to: dateField("结束日期不能为空"), shop: t(60, "门店") });
