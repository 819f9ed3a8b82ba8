import { describe, it, expect } from "vitest";
import { EMPTY_STATE, WO_MSG, appointmentLabel, checkPurchase, decide, fitsAppointment, sectionsOf, workOrderCode, type WoState } from "../src/workorders/rules.ts";

/** The work order's state machine (docs/workorders.md): every move allowed and refused, pure. */
const open = { locked: false, canReviewDeal: false };
const manager = { locked: false, canReviewDeal: true };
const step = (prev: WoState, input: Parameters<typeof decide>[1], o = open) => {
  const d = decide(prev, input, o);
  if (!d.ok) throw new Error(d.message);
  return d;
};
const refusal = (prev: WoState, input: Parameters<typeof decide>[1], o = open) => {
  const d = decide(prev, input, o);
  return d.ok ? "(allowed)" : d.message;
};
const APPT = { isAppointment: 1, appointmentTime: "2026-12-01 10:00:00", appointmentAdrress: "天河展厅" };
const invited = step(EMPTY_STATE, { isAppointment: 0 }).next;
const appointed = step(EMPTY_STATE, APPT).next;
const present = step(appointed, { ...APPT, bePresent: 1, isQualified: 1 }).next;

describe("work order codes (R324)", () => {
  it("every state carries a seeded four-digit name", () => {
    expect(workOrderCode(EMPTY_STATE)).toBe("");
    expect(workOrderCode(invited)).toBe("1000");
    expect(workOrderCode(step(EMPTY_STATE, { isAppointment: 2 }).next)).toBe("1200");
    expect(workOrderCode(step(EMPTY_STATE, { isAppointment: 3 }).next)).toBe("1300");
    expect(workOrderCode(appointed)).toBe("1122");
    expect(workOrderCode(step(appointed, { ...APPT, bePresent: 2 }).next)).toBe("2122");
    expect(workOrderCode(present)).toBe("2112");
    expect(workOrderCode(step(present, { ...APPT, bePresent: 1, isQualified: 1, isBuy: 2, notBuyReason: "价格" }).next)).toBe("2112");
    const bought = step(present, { ...APPT, bePresent: 1, isQualified: 1, isBuy: 1 });
    expect(bought.buys).toBe(true);
    expect(workOrderCode(bought.next)).toBe("3111");
  });
});

describe("moves allowed", () => {
  it("invited → appointed → present → bought", () => {
    expect(invited.status).toBe(1);
    const a = step(invited, APPT).next;
    expect(a).toMatchObject({ status: 1, isAppointment: 1, appointmentAdrress: "天河展厅" });
    const p = step(a, { ...APPT, bePresent: 3, isQualified: 1 }).next;
    expect(p).toMatchObject({ status: 2, bePresent: 3, isQualified: 1 });
    expect(step(p, { ...APPT, bePresent: 3, isQualified: 1, isBuy: 1 }).next.status).toBe(3);
  });
  it("a presence not verified keeps the appointment open; did not come ends at stage 2", () => {
    expect(step(appointed, { ...APPT, bePresent: 0 }).next.status).toBe(1);
    expect(step(appointed, { ...APPT, bePresent: 2 }).next).toMatchObject({ status: 2, bePresent: 2 });
  });
  it("another answer to the invitation resets the presence (R326)", () => {
    const back = step({ ...appointed, bePresent: 0 }, { isAppointment: 3 }).next;
    expect(back).toMatchObject({ isAppointment: 3, bePresent: 0, appointmentTime: "" });
  });
  it("unqualified with a reason; not bought with a reason; the deal review with E or D (R328, R331)", () => {
    const u = step(appointed, { ...APPT, bePresent: 1, isQualified: 2, unpualifiedReason: "年龄不符" }).next;
    expect(u).toMatchObject({ isQualified: 2, unpualifiedReason: "年龄不符" });
    const nb = step(present, { ...APPT, bePresent: 1, isQualified: 1, isBuy: 2, notBuyReason: "价格" }).next;
    expect(step(nb, { ...APPT, bePresent: 1, isQualified: 1, isBuy: 2, notBuyReason: "价格", isBuyPassed: 2, notBuyReasonPassed: "预算不足" }, manager).next).toMatchObject({
      isBuyPassed: 2,
      notBuyReasonPassed: "预算不足",
    });
  });
});

describe("moves refused, with their messages (R333–R339)", () => {
  it("invitation fields", () => {
    expect(refusal(EMPTY_STATE, {})).toBe(WO_MSG.isAppointment);
    expect(refusal(EMPTY_STATE, { isAppointment: 1, appointmentAdrress: "x" })).toBe("未登记应邀时间");
    expect(refusal(EMPTY_STATE, { isAppointment: 1, appointmentTime: "2026-12-01" })).toBe("未选择应邀展场");
  });
  it("presence and purchase fields", () => {
    expect(refusal(appointed, APPT)).toBe("未确定是否到场");
    expect(refusal(appointed, { ...APPT, bePresent: 1 })).toBe("未选择是否合格");
    expect(refusal(appointed, { ...APPT, bePresent: 1, isQualified: 2 })).toBe("未选择不合格原因");
    expect(refusal(present, { ...APPT, bePresent: 1, isQualified: 1 })).toBe("未确定是否购买");
    expect(refusal(present, { ...APPT, bePresent: 1, isQualified: 1, isBuy: 2 })).toBe(WO_MSG.notBuyReason);
  });
  it("no skipping: presence before acceptance, a buy before presence was saved, a buy by an absent client", () => {
    expect(refusal(EMPTY_STATE, { ...APPT, bePresent: 1 })).toBe(WO_MSG.presenceNotAccepted);
    expect(refusal(invited, { isAppointment: 0, bePresent: 1 })).toBe(WO_MSG.presenceNotAccepted);
    expect(refusal(EMPTY_STATE, { ...APPT, isBuy: 1 })).toBe(WO_MSG.buyNotPresent);
    expect(refusal(appointed, { ...APPT, bePresent: 1, isQualified: 1, isBuy: 1 })).toBe(WO_MSG.buyNotPresent);
    expect(refusal(appointed, { ...APPT, bePresent: 2, isBuy: 1 })).toBe(WO_MSG.buyNotPresent);
  });
  it("read-only sections stay as they were (R321, R322), the lock holds (R330), the deal needs E or D (R331)", () => {
    expect(refusal(present, { ...APPT, appointmentAdrress: "别处", bePresent: 1, isQualified: 1, isBuy: 2, notBuyReason: "x" })).toBe(WO_MSG.appointmentReadOnly);
    expect(refusal(present, { isAppointment: 2 })).toBe(WO_MSG.appointmentReadOnly);
    expect(refusal(present, { ...APPT, bePresent: 0 })).toBe(WO_MSG.presenceReadOnly);
    expect(refusal({ ...present, status: 3, isBuy: 1 }, {}, { locked: true, canReviewDeal: true })).toBe(WO_MSG.locked);
    expect(refusal(present, { ...APPT, bePresent: 1, isQualified: 1, isBuy: 2, notBuyReason: "x", isBuyPassed: 1 })).toBe(WO_MSG.dealRight);
    expect(refusal(present, { ...APPT, bePresent: 1, isQualified: 1, isBuy: 2, notBuyReason: "x", isBuyPassed: 2 }, manager)).toBe(WO_MSG.noDealReason);
  });
});

describe("sections (R320–R323) and the purchase's fields (R340–R344)", () => {
  it("follows the stage", () => {
    expect(sectionsOf(EMPTY_STATE, open)).toMatchObject({ appointment: { visible: true, readOnly: false }, presence: { visible: false }, purchase: { visible: false } });
    expect(sectionsOf(appointed, open)).toMatchObject({ presence: { visible: true, readOnly: false }, purchase: { visible: false } });
    expect(sectionsOf(present, open)).toMatchObject({ appointment: { readOnly: true }, presence: { readOnly: false }, purchase: { visible: true, readOnly: false } });
    expect(sectionsOf({ ...present, status: 3, isBuy: 1 }, { locked: true, canReviewDeal: false })).toMatchObject({ presence: { readOnly: true }, purchase: { readOnly: true } });
    expect(sectionsOf({ ...present, isBuy: 2 }, open).deal).toEqual({ visible: true, readOnly: true });
  });
  it("purchase messages in the panel's order", () => {
    expect(checkPurchase({})).toBe("未选择产品");
    expect(checkPurchase({ productId: 1 })).toBe("未选择支付方式");
    expect(checkPurchase({ productId: 1, payType: "1" })).toBe("未选择是否分期");
    expect(checkPurchase({ productId: 1, payType: "1", isInstallment: 0 })).toBe("未输入支付金额");
    expect(checkPurchase({ productId: 1, payType: "1", isInstallment: 1, payAmount: 100 })).toBe("未输入首次支付金额");
    expect(checkPurchase({ productId: 1, payType: "1", isInstallment: 1, payAmount: 100, firstPayAmount: 101 })).toBe(WO_MSG.firstAboveTotal);
    expect(checkPurchase({ productId: 1, payType: "1", isInstallment: 1, payAmount: 100, firstPayAmount: 100 })).toBeNull();
  });
  it("appointment filter and labels (R309, R310)", () => {
    expect(appointmentLabel("2026-05-01 10:00:00", "2026-05-02")).toBe("已过期");
    expect(appointmentLabel("2026-05-02 10:00:00", "2026-05-02")).toBe("今天");
    expect(appointmentLabel("2026-05-03", "2026-05-02")).toBe("明天");
    expect(appointmentLabel("2026-05-06", "2026-05-02")).toBe("4天后");
    expect(fitsAppointment(3, "2026-05-09", "2026-05-02")).toBe(true);
    expect(fitsAppointment(3, "2026-05-10", "2026-05-02")).toBe(false);
    expect(fitsAppointment(4, "2026-05-01", "2026-05-02")).toBe(true);
  });
});
