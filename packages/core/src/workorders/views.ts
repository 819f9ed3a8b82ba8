import type { WorkOrderItem } from "./entities.ts";
import { BUY, EMPTY_STATE, STAGE, appointmentLabel, sectionsOf, type WoState } from "./rules.ts";
import type { PurchaseItem } from "../finance/purchase/entity.ts";
import { PURCHASE_STATUS } from "../finance/purchase/status.ts";
import { fenToYuan } from "../kernel/money.ts";

/** A row of the work-order list (spec 001 "Telephone-invitation work order list": row fields). */
export type WorkOrderRow = ReturnType<typeof workOrderRow>;
export function workOrderRow(w: WorkOrderItem, o: { statusName: string; shopName: string; today: string }) {
  return {
    id: w.id,
    workorderId: w.id,
    clientId: w.clientId,
    clientName: w.clientName ?? "",
    mobile: w.mobile ?? "",
    shop: w.shop,
    shopName: o.shopName,
    workorderStatus: w.code,
    statusName: o.statusName,
    status: w.status ?? 0,
    isAppointment: w.isAppointment ?? 0,
    bePresent: w.bePresent ?? 0,
    isBuy: w.isBuy ?? 0,
    appointmentTime: w.appointmentTime ?? "",
    appointmentLabel: w.appointmentTime && w.code === "1122" ? appointmentLabel(w.appointmentTime, o.today) : "",
    workorderCreateTime: w.createTime ?? "",
    createUser: w.createUser ?? "",
    bookingUserName: w.bookingUserName ?? "",
    locked: w.locked ?? 0,
    buylistId: w.buylistId ?? 0,
  };
}

/** The stage fields of a work order, as the rules read them. */
export const stateOf = (w: WorkOrderItem): WoState => {
  const s = { ...EMPTY_STATE };
  for (const k of Object.keys(EMPTY_STATE) as (keyof WoState)[]) (s as Record<string, unknown>)[k] = w[k] ?? EMPTY_STATE[k];
  return s;
};

/** A work order as the contract shows it: the panel's fields, the code and its name, the sections (R320–R323), the purchase (yuan). */
export type WorkOrderView = ReturnType<typeof workOrderView>;
export function workOrderView(w: WorkOrderItem, p: PurchaseItem | null, o: { statusName: string; canReviewDeal: boolean }) {
  const { tenantId: _t, rev: _r, remarkInfo, ...rest } = w;
  const unlocked = !!w.locked && p?.status === PURCHASE_STATUS.failed;
  return {
    ...rest,
    statusName: o.statusName,
    canSave: !w.locked || unlocked ? 1 : 0,
    sections: sectionsOf(unlocked ? { ...stateOf(w), status: STAGE.present, isBuy: BUY.none } : stateOf(w), { locked: !!w.locked && !unlocked, canReviewDeal: o.canReviewDeal }),
    remarkInfo: ((remarkInfo ?? []) as Array<Record<string, unknown>>).map((r) => ({
      id: Number(r.id ?? 0),
      remarkType: Number(r.remarkType ?? 1),
      recordTime: String(r.recordTime ?? ""),
      recordType: String(r.recordType ?? ""),
      remark: String(r.remark ?? ""),
      userName: String(r.userName ?? ""),
    })),
    buyInfo: p ? purchaseView(p) : null,
  };
}

export type PurchaseView = ReturnType<typeof purchaseView>;
export function purchaseView(p: PurchaseItem) {
  const { tenantId: _t, ...rest } = p;
  return {
    ...rest,
    amount: fenToYuan(p.amount ?? 0),
    payAmount: fenToYuan(p.payAmount ?? 0),
    firstPayAmount: fenToYuan(p.firstPayAmount ?? 0),
    finalPayAmount: fenToYuan(p.finalPayAmount ?? 0),
  };
}
