/**
 * The work order's state machine (spec 001 §4 "Work order status", R320–R331, docs/gaps.md §5/§9), pure:
 * the server decides every save with it and the console mirrors the same sections. Table in
 * docs/workorders.md.
 *
 * A work order moves through three stages (`status`):
 *   1 invitation recorded (isAppointment 0 undetermined, 1 accepted, 2 refused, 3 considering),
 *   2 presence recorded (bePresent 1 came / 3 came, verified / 2 did not come), with the qualification
 *     and, once the client came, the purchase decision (isBuy 2 not buy, with the deal review),
 *   3 bought (isBuy 1): the purchase exists and the work order is locked (R330) until a review fails.
 *
 * The four-digit code (R324) is status + isAppointment + presence + purchase, where the last two
 * digits say 1 yes, 2 no / not yet (once the client accepted), 0 not asked. That yields exactly the
 * seeded workOrderStatus names: 1000 已电邀未确定, 1200 拒绝应邀, 1300 考虑中, 1122 已应邀待到场,
 * 2122 未到场, 2112 到场未购买, 3111 已购买.
 */

export const APPOINTMENT = { undetermined: 0, accepted: 1, refused: 2, considering: 3 } as const;
export const PRESENCE = { unverified: 0, came: 1, absent: 2, verified: 3 } as const;
export const QUALIFIED = { undetermined: 0, qualified: 1, unqualified: 2 } as const;
export const BUY = { none: 0, buy: 1, notBuy: 2 } as const;
export const DEAL = { none: 0, deal: 1, noDeal: 2 } as const;
export const STAGE = { none: 0, invited: 1, present: 2, bought: 3 } as const;

export const APPOINTMENT_VALUES = [0, 1, 2, 3] as const;
export const PRESENCE_VALUES = [0, 1, 2, 3] as const;
export const QUALIFIED_VALUES = [0, 1, 2] as const;
export const BUY_VALUES = [0, 1, 2] as const;
export const DEAL_VALUES = [0, 1, 2] as const;

/** The spec's messages (R333–R344) and ours where it gives none (docs/gaps.md §9, docs/workorders.md). */
export const WO_MSG = {
  isAppointment: "未确定是否应邀",
  appointmentTime: "未登记应邀时间",
  appointmentAdrress: "未选择应邀展场",
  bePresent: "未确定是否到场",
  isBuy: "未确定是否购买",
  isQualified: "未选择是否合格",
  unpualifiedReason: "未选择不合格原因",
  productId: "未选择产品",
  payType: "未选择支付方式",
  isInstallment: "未选择是否分期",
  payAmount: "未输入支付金额",
  firstPayAmount: "未输入首次支付金额",
  /** R347: the console's toast when a save is refused for a field. */
  incomplete: "部分必填项没填写",
  // Ours.
  notBuyReason: "未选择未购买原因",
  noDealReason: "未填写未成交原因",
  firstAboveTotal: "首次支付金额不能大于支付金额",
  locked: "该工单已提交购买，不能再保存",
  appointmentReadOnly: "应邀信息已确认，不能修改",
  presenceReadOnly: "到场信息已确认，不能修改",
  buyNotPresent: "客户未到场，不能登记购买",
  presenceNotAccepted: "客户未应邀，不能登记到场",
  dealRight: "你没有修改权限",
} as const;

/** A work order's state: the fields the machine reads and writes. */
export type WoState = {
  status: number;
  isAppointment: number;
  appointmentTime: string;
  appointmentAdrress: string;
  appointmentRemark: string;
  bePresent: number;
  arrivalTime: string;
  arrivalRemark: string;
  receptionStaff: string;
  isQualified: number;
  unpualifiedReason: string;
  isBuy: number;
  notBuyReason: string;
  isBuyPassed: number;
  notBuyReasonPassed: string;
  saleUser: string;
};

export const EMPTY_STATE: WoState = {
  status: STAGE.none,
  isAppointment: 0,
  appointmentTime: "",
  appointmentAdrress: "",
  appointmentRemark: "",
  bePresent: 0,
  arrivalTime: "",
  arrivalRemark: "",
  receptionStaff: "",
  isQualified: 0,
  unpualifiedReason: "",
  isBuy: 0,
  notBuyReason: "",
  isBuyPassed: 0,
  notBuyReasonPassed: "",
  saleUser: "",
};

const came = (bePresent: number) => bePresent === PRESENCE.came || bePresent === PRESENCE.verified;

/** The four-digit code (R324) of a state; "" for no work order (未电邀, R325). */
export function workOrderCode(s: Pick<WoState, "status" | "isAppointment" | "bePresent" | "isBuy">): string {
  if (!s.status) return "";
  const accepted = s.isAppointment === APPOINTMENT.accepted;
  const presence = came(s.bePresent) ? 1 : accepted ? 2 : 0;
  const purchase = s.isBuy === BUY.buy ? 1 : accepted ? 2 : 0;
  return `${s.status}${s.isAppointment}${presence}${purchase}`;
}

/** The codes the status filter hides (R307): a work order not (yet) appointed. */
export const HIDDEN_CODES = ["1000", "1200", "1300"] as const;
/** The code whose list shows the appointment-date filter (R308). */
export const APPOINTED_CODE = "1122";

/**
 * Appointments due on a day (the workbench's 今日/明日应邀到场, R309's 今天/明天 counted): a kept total
 * per day and store, `workOrders#due#<day>#<shop>` (kernel/counters.ts shopTotalName), and the
 * tenant's per day, `workOrders#due#<day>`, moved in the work order's own transaction.
 */
export const DUE_TOTAL = "workOrders#due";
export const dueTotal = (day: string): string => `${DUE_TOTAL}#${day}`;

/**
 * Appointments past their day and not visited (the list's 已过期 with 1122, R309 filter 4): a kept total
 * per store, `workOrders#overdue#<shop>`, and the tenant's, `workOrders#overdue`. A nightly job adds each
 * closed day's due totals to it (workorders/overdue.ts), and marks each store's day as added with
 * `overdueFold(day)`, so a day is added once however often the job runs.
 */
export const OVERDUE_TOTAL = "workOrders#overdue";
export const overdueFold = (day: string): string => `workOrders#overdueFold#${day}`;

/** The day a work order is due for its visit (an accepted invitation not yet visited, APPOINTED_CODE), or null: the date the list's appointment filter reads. */
export function dueDay(w: { code: string; appointmentTime?: string | null }): string | null {
  const day = (w.appointmentTime ?? "").slice(0, 10);
  return w.code === APPOINTED_CODE && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/** Which panel sections show and which are read-only for a saved state (R320–R323, R331). */
export type Sections = {
  appointment: { visible: boolean; readOnly: boolean };
  presence: { visible: boolean; readOnly: boolean };
  purchase: { visible: boolean; readOnly: boolean };
  /** The manager's deal review (isBuyPassed, R331): shown when the client did not buy; editable only with E or D. */
  deal: { visible: boolean; readOnly: boolean };
};

export function sectionsOf(s: Pick<WoState, "status" | "isAppointment" | "bePresent" | "isBuy">, o: { locked: boolean; canReviewDeal: boolean }): Sections {
  const all = o.locked;
  return {
    appointment: { visible: true, readOnly: all || s.status > STAGE.invited },
    presence: { visible: s.status > STAGE.none && s.isAppointment === APPOINTMENT.accepted, readOnly: all || s.status > STAGE.present },
    purchase: { visible: came(s.bePresent) && s.status > STAGE.invited, readOnly: all },
    deal: { visible: s.isBuy === BUY.notBuy, readOnly: all || !o.canReviewDeal },
  };
}

/** What a save asks for: the panel's fields (the purchase's fields are checked by `checkPurchase`). */
export type WoInput = Partial<WoState> & { isAppointment?: number };

export type Decision = { ok: true; next: WoState; buys: boolean } | { ok: false; message: string };

const refuse = (message: string): Decision => ({ ok: false, message });

/**
 * The one transition function: the state before (EMPTY_STATE for a new work order), the panel's
 * input and whether the caller may review the deal (E or D, R331) → the state after, or the
 * refusal's message. Read-only sections must come back unchanged (a console that hides them
 * sends them as shown); nothing else moves the stage backwards.
 *
 * The save walks the panel's sections in order; each answers a refusal, the finished decision, or
 * nothing to go on to the next. They write only `next`, this call's own copy, so decide stays pure.
 */
export function decide(prev: WoState, input: WoInput, o: { locked: boolean; canReviewDeal: boolean }): Decision {
  if (o.locked) return refuse(WO_MSG.locked);
  const next: WoState = { ...prev };
  return (
    answerInvitation(prev, input, next, sectionsOf(prev, o).appointment.readOnly) ??
    recordPresence(prev, input, next) ??
    qualify(prev, input, next) ??
    recordPurchase(prev, input, next) ??
    reviewDeal(prev, input, next, o.canReviewDeal)
  );
}

/** A section's answer: a refusal or the finished decision, or undefined to go on to the next section. */
type SectionAnswer = Decision | undefined;

/** Appointment (stage 1): editable until presence is recorded. */
function answerInvitation(prev: WoState, input: WoInput, next: WoState, readOnly: boolean): SectionAnswer {
  const isAppointment = input.isAppointment;
  if (readOnly) {
    const changed =
      (isAppointment !== undefined && isAppointment !== prev.isAppointment) ||
      (input.appointmentTime !== undefined && input.appointmentTime !== prev.appointmentTime) ||
      (input.appointmentAdrress !== undefined && input.appointmentAdrress !== prev.appointmentAdrress);
    return changed ? refuse(WO_MSG.appointmentReadOnly) : undefined;
  }
  if (isAppointment === undefined || !(APPOINTMENT_VALUES as readonly number[]).includes(isAppointment)) return refuse(WO_MSG.isAppointment);
  if (isAppointment === APPOINTMENT.accepted) {
    if (!input.appointmentTime) return refuse(WO_MSG.appointmentTime);
    if (!input.appointmentAdrress) return refuse(WO_MSG.appointmentAdrress);
  }
  next.isAppointment = isAppointment;
  next.appointmentTime = isAppointment === APPOINTMENT.accepted ? input.appointmentTime! : "";
  next.appointmentAdrress = isAppointment === APPOINTMENT.accepted ? input.appointmentAdrress! : "";
  next.appointmentRemark = input.appointmentRemark ?? prev.appointmentRemark;
  if (next.status === STAGE.none) next.status = STAGE.invited;
  // R326: another answer to the invitation forgets the presence recorded for the previous one.
  if (isAppointment !== prev.isAppointment) next.bePresent = PRESENCE.unverified;
  return undefined;
}

/**
 * Presence (stage 2): only once an accepted invitation was saved (R320): the save that records the
 * acceptance shows no presence section yet. Goes on only when the client came.
 */
function recordPresence(prev: WoState, input: WoInput, next: WoState): SectionAnswer {
  const accepted = next.isAppointment === APPOINTMENT.accepted;
  const presenceShown = prev.status > STAGE.none && prev.isAppointment === APPOINTMENT.accepted && accepted;
  if (!presenceShown) {
    if (input.bePresent !== undefined && input.bePresent !== PRESENCE.unverified && input.bePresent !== next.bePresent) return refuse(WO_MSG.presenceNotAccepted);
    if (input.isBuy === BUY.buy) return refuse(WO_MSG.buyNotPresent);
    return { ok: true, next, buys: false };
  }
  const bePresent = input.bePresent;
  if (bePresent === undefined || !(PRESENCE_VALUES as readonly number[]).includes(bePresent)) return refuse(WO_MSG.bePresent);
  next.bePresent = bePresent;
  next.arrivalTime = input.arrivalTime ?? prev.arrivalTime;
  next.arrivalRemark = input.arrivalRemark ?? prev.arrivalRemark;
  next.receptionStaff = input.receptionStaff ?? prev.receptionStaff;
  if (bePresent === PRESENCE.unverified) {
    // Not verified yet: the work order stays (or goes back to) awaiting the visit.
    if (prev.status >= STAGE.present) return refuse(WO_MSG.presenceReadOnly);
    if (input.isBuy === BUY.buy) return refuse(WO_MSG.buyNotPresent);
    return { ok: true, next, buys: false };
  }
  if (!came(bePresent)) {
    if (input.isBuy === BUY.buy) return refuse(WO_MSG.buyNotPresent);
    next.status = STAGE.present;
    next.isQualified = QUALIFIED.undetermined;
    next.unpualifiedReason = "";
    next.isBuy = BUY.none;
    return { ok: true, next, buys: false };
  }
  return undefined;
}

/**
 * The client came: qualification is asked at once (R338, R339). The purchase section shows once
 * presence was saved (R323): before that, a buy is refused; after it, the save goes on to the purchase.
 */
function qualify(prev: WoState, input: WoInput, next: WoState): SectionAnswer {
  const isQualified = input.isQualified;
  if (isQualified === undefined || isQualified === QUALIFIED.undetermined || !(QUALIFIED_VALUES as readonly number[]).includes(isQualified)) return refuse(WO_MSG.isQualified);
  if (isQualified === QUALIFIED.unqualified && !input.unpualifiedReason) return refuse(WO_MSG.unpualifiedReason);
  next.isQualified = isQualified;
  next.unpualifiedReason = isQualified === QUALIFIED.unqualified ? input.unpualifiedReason! : "";
  const wasPresent = prev.status >= STAGE.present && came(prev.bePresent);
  next.status = STAGE.present;
  if (wasPresent) return undefined;
  if (input.isBuy === BUY.buy) return refuse(WO_MSG.buyNotPresent);
  return { ok: true, next, buys: false };
}

/** Purchase (stage 3): a buy locks the work order (R330); not buying needs its reason and goes on to the deal review. */
function recordPurchase(prev: WoState, input: WoInput, next: WoState): SectionAnswer {
  const isBuy = input.isBuy;
  if (isBuy === undefined || isBuy === BUY.none || !(BUY_VALUES as readonly number[]).includes(isBuy)) return refuse(WO_MSG.isBuy);
  next.isBuy = isBuy;
  next.saleUser = input.saleUser ?? prev.saleUser;
  if (isBuy === BUY.buy) {
    next.status = STAGE.bought;
    next.notBuyReason = "";
    next.isBuyPassed = DEAL.none;
    next.notBuyReasonPassed = "";
    return { ok: true, next, buys: true };
  }
  if (!input.notBuyReason) return refuse(WO_MSG.notBuyReason);
  next.notBuyReason = input.notBuyReason;
  return undefined;
}

/** The deal review (R331): a manager's call, with E or D; others send it back as it was. */
function reviewDeal(prev: WoState, input: WoInput, next: WoState, canReviewDeal: boolean): Decision {
  const deal = input.isBuyPassed ?? prev.isBuyPassed;
  const dealReason = input.notBuyReasonPassed ?? prev.notBuyReasonPassed;
  if (deal !== prev.isBuyPassed || dealReason !== prev.notBuyReasonPassed) {
    if (!canReviewDeal) return refuse(WO_MSG.dealRight);
    if (deal === DEAL.noDeal && !dealReason) return refuse(WO_MSG.noDealReason);
  }
  next.isBuyPassed = deal;
  next.notBuyReasonPassed = deal === DEAL.noDeal ? dealReason : "";
  return { ok: true, next, buys: false };
}

/** The purchase's money (fen) as the panel sends it (R340–R344). */
export type PurchaseInput = { productId?: number; payType?: string; isInstallment?: number; payAmount?: number; firstPayAmount?: number };

/** Checks a purchase's fields (R340–R344) in the panel's order; null when complete. */
export function checkPurchase(p: PurchaseInput): string | null {
  if (!p.productId) return WO_MSG.productId;
  if (!p.payType) return WO_MSG.payType;
  if (p.isInstallment !== 0 && p.isInstallment !== 1) return WO_MSG.isInstallment;
  if (p.payAmount === undefined) return WO_MSG.payAmount;
  if (p.isInstallment === 1) {
    if (p.firstPayAmount === undefined) return WO_MSG.firstPayAmount;
    if (p.firstPayAmount > p.payAmount) return WO_MSG.firstAboveTotal;
  }
  return null;
}

/** Final payment (R274): the amount still due on an instalment purchase, in fen. */
export const finalDue = (p: { payAmount: number; firstPayAmount: number }): number => Math.max(0, p.payAmount - p.firstPayAmount);

/** The appointment filter (R309): 0 all, 1 today, 2 tomorrow, 3 within a week, 4 expired. */
export const APPOINTMENT_FILTERS = [0, 1, 2, 3, 4] as const;

/** Whether an appointment on `date` (YYYY-MM-DD…) fits the filter, seen on `today`. */
export function fitsAppointment(filter: number, date: string, today: string): boolean {
  if (!filter) return true;
  const d = daysBetween(today, date.slice(0, 10));
  if (d === null) return false;
  if (filter === 1) return d === 0;
  if (filter === 2) return d === 1;
  if (filter === 3) return d >= 0 && d <= 7;
  return d < 0;
}

/** The appointment label (R310): 已过期 / 今天 / 明天 / n天后. */
export function appointmentLabel(date: string, today: string): string {
  const d = daysBetween(today, date.slice(0, 10));
  if (d === null) return "";
  if (d < 0) return "已过期";
  if (d === 0) return "今天";
  if (d === 1) return "明天";
  return `${d}天后`;
}

function daysBetween(a: string, b: string): number | null {
  const x = Date.parse(`${a}T00:00:00Z`);
  const y = Date.parse(`${b}T00:00:00Z`);
  if (Number.isNaN(x) || Number.isNaN(y)) return null;
  return Math.round((y - x) / 86_400_000);
}
