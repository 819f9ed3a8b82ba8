import type { WorkOrderItem } from "./entities.ts";
import { appointmentLabel } from "./rules.ts";

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
