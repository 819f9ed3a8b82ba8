import { describe, expect, it } from "vitest";
import {
  checkMove,
  moveOfHandle,
  movesFor,
  needsHandling,
  STATUSES,
  TRANSITIONS,
  MOVE_REFUSED,
  PROXY_REJECT_REFUSED,
  REVIEW_DENIAL,
  REFUND_DENIAL,
  PROXY_CANCEL_DENIAL,
  FOLLOWUP_DENIAL,
  DELETE_DENIAL,
  LIST_DELETABLE,
  DETAIL_DELETABLE,
  type Move,
} from "../src/orders/status.ts";

const ALL = "ADEPRS";
const order = (status: number, checkinType = "club", proxyCancel = 0) => ({ status, checkinType, proxyCancel });

describe("the handle call maps to moves (R137–R141)", () => {
  it("reads currentCtrl and the outcome", () => {
    expect(moveOfHandle(1, 1)).toBe("approve");
    expect(moveOfHandle(1, 2)).toBe("reject");
    expect(moveOfHandle(2, 1)).toBe("refundApprove");
    expect(moveOfHandle(2, 2)).toBe("refundReject");
    expect(moveOfHandle(3, 1)).toBe("complete");
    expect(() => moveOfHandle(3, 2)).toThrow("办理类型不正确");
    expect(() => moveOfHandle(4, 1)).toThrow("办理类型不正确");
  });
});

describe("every status × move: allowed exactly where the table says", () => {
  const expected: Record<Move, number[]> = {
    approve: [1, 2],
    reject: [1, 2],
    refundApprove: [7],
    refundReject: [7],
    proxyCancel: [4],
    complete: [4, 5, 9],
    followup: [4, 6],
    delete: [4, 5, 6, 8, 9, 10, 11],
  };
  for (const t of TRANSITIONS) {
    it(`${t.move}`, () => {
      const allowed = STATUSES.filter((s) => {
        try {
          checkMove(t.move, order(s), ALL);
          return true;
        } catch (e) {
          expect((e as Error).message).toBe(MOVE_REFUSED);
          return false;
        }
      });
      expect(allowed).toEqual(expected[t.move]);
    });
  }

  it("lists the deletable statuses of the list and the detail panel inside the delete move", () => {
    for (const s of [...LIST_DELETABLE, ...DETAIL_DELETABLE]) expect(() => checkMove("delete", order(s), ALL)).not.toThrow();
  });
});

describe("rights come first, with the spec's refusals (R144–R147)", () => {
  it("needs A to review, complete and follow up", () => {
    expect(() => checkMove("approve", order(1), "EDP")).toThrow(REVIEW_DENIAL);
    expect(() => checkMove("complete", order(4), "EDP")).toThrow(REVIEW_DENIAL);
    expect(() => checkMove("followup", order(4), "EDP")).toThrow(FOLLOWUP_DENIAL);
  });
  it("needs E to handle a refund, P to cancel for the client, D to delete", () => {
    expect(() => checkMove("refundApprove", order(7), "ADP")).toThrow(REFUND_DENIAL);
    expect(() => checkMove("proxyCancel", order(4), "ADE")).toThrow(PROXY_CANCEL_DENIAL);
    expect(() => checkMove("delete", order(8), "AEP")).toThrow(DELETE_DENIAL);
  });
  it("refuses the right before it looks at the status", () => {
    expect(() => checkMove("approve", order(6), "")).toThrow(REVIEW_DENIAL);
  });
});

describe("special cases", () => {
  it("never rejects the refund of a proxy cancellation (R139)", () => {
    expect(() => checkMove("refundReject", order(7, "club", 1), ALL)).toThrow(PROXY_REJECT_REFUSED);
    expect(() => checkMove("refundApprove", order(7, "club", 1), ALL)).not.toThrow();
  });
  it("offers follow-up on a confirmed order only for club and discount bookings (R132)", () => {
    expect(() => checkMove("followup", order(4, "rci"), ALL)).toThrow(MOVE_REFUSED);
    expect(() => checkMove("followup", order(6, "rci"), ALL)).not.toThrow();
  });
  it("offers the detail panel's buttons for the caller's letters", () => {
    expect(movesFor(order(4), ALL)).toEqual(["proxyCancel", "complete", "followup", "delete"]);
    expect(movesFor(order(4), "A")).toEqual(["complete", "followup"]);
    expect(movesFor(order(7, "discount", 1), ALL)).toEqual(["refundApprove"]);
    expect(movesFor(order(1), "A")).toEqual(["approve", "reject"]);
  });
  it("marks 1, 2 and 7 as needing handling (R125)", () => {
    expect(STATUSES.filter(needsHandling)).toEqual([1, 2, 7]);
  });
});
