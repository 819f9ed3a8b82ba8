import type { WorkOrderSaveInput } from "@xiangyu/core/workorders/schemas";
import { EMPTY_STATE, WO_MSG, type WoState } from "@xiangyu/core/workorders/rules";
import type { SchemaForm, Values } from "../../ui/form/useSchemaForm.ts";
import type { WorkOrder } from "./workorderQueries.ts";

/** Which field a refusal's message belongs to (the message shows under it). */
/** The stage fields of the view, as the rules read them. */
export const pickState = (w: WorkOrder): Partial<WoState> => Object.fromEntries(Object.keys(EMPTY_STATE).map((k) => [k, w[k as keyof WoState]]));

export const FIELD_OF: Record<string, string> = {
  ...Object.fromEntries(Object.entries(WO_MSG).map(([k, m]) => [m, k])),
  [WO_MSG.firstAboveTotal]: "firstPayAmount",
  [WO_MSG.buyNotPresent]: "isBuy",
  [WO_MSG.presenceNotAccepted]: "bePresent",
  [WO_MSG.presenceReadOnly]: "bePresent",
  [WO_MSG.appointmentReadOnly]: "isAppointment",
  [WO_MSG.locked]: "form",
  [WO_MSG.dealRight]: "isBuyPassed",
};

/** A value as the panel's selects and inputs hold it: blank for none. */
export const str = (x: unknown) => (x === undefined || x === null ? "" : String(x));

export type SaveValues = Values<typeof WorkOrderSaveInput>;

/** The whole record the panel edits: the work order's fields, then the purchase and the call of this save, blank. */
export function startValues(w: WorkOrder | undefined, clientId: number): SaveValues {
  const from = (k: keyof WoState) => str(w?.[k]);
  // Unanswered questions start blank, so a save that answers none says which (R336–R338).
  const answered = (k: "isAppointment" | "bePresent" | "isQualified" | "isBuy") => (w && (k === "isAppointment" || w[k]) ? str(w[k]) : "");
  return {
    id: w?.id ?? "",
    clientId,
    isAppointment: answered("isAppointment"),
    appointmentTime: from("appointmentTime"),
    appointmentAdrress: from("appointmentAdrress"),
    appointmentRemark: from("appointmentRemark"),
    bePresent: answered("bePresent"),
    arrivalTime: from("arrivalTime"),
    arrivalRemark: from("arrivalRemark"),
    receptionStaff: from("receptionStaff"),
    isQualified: answered("isQualified"),
    unpualifiedReason: from("unpualifiedReason"),
    isBuy: answered("isBuy"),
    notBuyReason: from("notBuyReason"),
    isBuyPassed: from("isBuyPassed"),
    notBuyReasonPassed: from("notBuyReasonPassed"),
    saleUser: from("saleUser"),
    productId: "",
    payType: "",
    isInstallment: "",
    payAmount: "",
    firstPayAmount: "",
    giftCount: "",
    givingGifts: "",
    remark: "",
    buylistId: "",
    recordType: "",
    recordRemark: "",
  };
}

/** The panel's form. */
export type WorkOrderForm = SchemaForm<typeof WorkOrderSaveInput>;

/** A field's props for the panel's selects and inputs, its value as a string. A changed appointment answer asks the presence again. */
export function binder(form: WorkOrderForm) {
  return (k: keyof SaveValues) => {
    const f = form.field(k);
    const onChange = (x: unknown) => (f.onChange(str(x)), k === "isAppointment" && form.set("bePresent", "0"));
    return { name: f.name, value: str(f.value), onChange, onBlur: f.onBlur, error: form.errors[k] };
  };
}

export type Bind = ReturnType<typeof binder>;
