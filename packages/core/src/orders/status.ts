import { DomainError } from "../kernel/errors.ts";
import type { Letter } from "../kernel/rights.ts";

/**
 * The hotel order state machine: every status, every move staff can make, the right each move
 * needs and what it does to what the booking holds (rooms, weeks, vouchers) and to money. The
 * server refuses every move this table does not list. docs/orders.md shows it as a table.
 *
 * Status names (docs/gaps.md §5; the spec's orderStatus parameter list): the spec fixes 1/2 awaiting
 * review, 4 confirmed, 5/9 completable, 6 follow-up, 7 refund request, and which may be deleted.
 */
export const ORDER_STATUS = {
  1: "待审核",
  2: "待审核(代客/变更)",
  3: "待支付",
  4: "预订成功",
  5: "已入住",
  6: "已完成",
  7: "申请退订",
  8: "预订失败",
  9: "已离店",
  10: "已取消/已退款",
  11: "已关闭",
} as const;
export type OrderStatus = keyof typeof ORDER_STATUS;
export const STATUSES = Object.keys(ORDER_STATUS).map(Number) as OrderStatus[];
export const statusName = (s: number): string => ORDER_STATUS[s as keyof typeof ORDER_STATUS] ?? String(s);

/** How an order was paid (payType), as the order screens and the member's orders name it. */
export const PAY_TYPE: Readonly<Record<number, string>> = { 1: "现金", 2: "周次", 3: "积分" };

/** Statuses in which the booking still holds its rooms, weeks and vouchers for nights to come. */
export const HOLDING: readonly number[] = [1, 2, 3, 4, 7];

/** The handling controls of the handle call (R141). */
export const CTRL = { review: 1, refund: 2, complete: 3 } as const;

export type Move = "approve" | "reject" | "refundApprove" | "refundReject" | "proxyCancel" | "complete" | "followup" | "delete";

/** What a move does to the booking's holdings. */
export type Effect = "keep" | "release";

export type Transition = {
  move: Move;
  from: readonly number[];
  /** Target status; undefined = unchanged (follow-up) or gone (delete). */
  to?: OrderStatus;
  right: Letter;
  denial: string;
  effect: Effect;
  /** Money paid goes back through the payment port. */
  refundsMoney: boolean;
  label: string;
};

export const REVIEW_DENIAL = "你没有订单审核权限";
export const FOLLOWUP_DENIAL = "你没有电话回访记录权限";
export const PROXY_CANCEL_DENIAL = "你没有代客退订处理权限";
export const REFUND_DENIAL = "你没有退单处理权限";
export const DELETE_DENIAL = "你没有删除权限";

export const HANDLE_OK = "办理成功";
export const HANDLE_FAILED = "办理出错";
export const MOVE_REFUSED = "当前订单状态不能办理该操作";
export const PROXY_REJECT_REFUSED = "代客退订不能驳回";

export const TRANSITIONS: readonly Transition[] = [
  { move: "approve", from: [1, 2], to: 4, right: "A", denial: REVIEW_DENIAL, effect: "keep", refundsMoney: false, label: "审核通过" },
  { move: "reject", from: [1, 2], to: 8, right: "A", denial: REVIEW_DENIAL, effect: "release", refundsMoney: true, label: "审核不通过" },
  { move: "refundApprove", from: [7], to: 10, right: "E", denial: REFUND_DENIAL, effect: "release", refundsMoney: true, label: "同意退订" },
  // A refund refused puts the booking back as it was; a proxy cancellation cannot be refused (R139).
  { move: "refundReject", from: [7], to: 4, right: "E", denial: REFUND_DENIAL, effect: "keep", refundsMoney: false, label: "拒绝退订" },
  // Staff cancelling for the client files the refund request; the refund handler then only approves.
  { move: "proxyCancel", from: [4], to: 7, right: "P", denial: PROXY_CANCEL_DENIAL, effect: "keep", refundsMoney: false, label: "代客退订" },
  { move: "complete", from: [4, 5, 9], to: 6, right: "A", denial: REVIEW_DENIAL, effect: "keep", refundsMoney: false, label: "标记完成" },
  { move: "followup", from: [4, 6], right: "A", denial: FOLLOWUP_DENIAL, effect: "keep", refundsMoney: false, label: "电话回访" },
  // Union of the list's (6, 8, 9, 10, 11) and the detail panel's (4, 5, 8, 9) deletable statuses.
  { move: "delete", from: [4, 5, 6, 8, 9, 10, 11], right: "D", denial: DELETE_DENIAL, effect: "release", refundsMoney: false, label: "删除订单" },
];

export const transitionOf = (move: Move): Transition => TRANSITIONS.find((t) => t.move === move)!;

/** The move a handle call asks for (currentCtrl + status, R137–R141). */
export function moveOfHandle(currentCtrl: number, outcome: number): Move {
  if (currentCtrl === CTRL.review) {
    if (outcome === 1) return "approve";
    if (outcome === 2) return "reject";
  } else if (currentCtrl === CTRL.refund) {
    if (outcome === 1) return "refundApprove";
    if (outcome === 2) return "refundReject";
  } else if (currentCtrl === CTRL.complete) {
    if (outcome === 1) return "complete";
  }
  throw new DomainError("办理类型不正确", "400");
}

/** The order facts a move depends on. */
export type OrderFacts = { status: number; checkinType: string; proxyCancel?: number };

/**
 * Checks a move against the table, the caller's letters and the order; returns the transition.
 * The right is checked first: a caller without it learns nothing about the order's state.
 */
export function checkMove(move: Move, order: OrderFacts, letters: string): Transition {
  const t = transitionOf(move);
  if (!letters.includes(t.right)) throw new DomainError(t.denial, "403");
  if (!t.from.includes(order.status)) throw new DomainError(MOVE_REFUSED, "409");
  if (move === "refundReject" && order.proxyCancel === 1) throw new DomainError(PROXY_REJECT_REFUSED, "409");
  // Follow-up on a confirmed order is for club and discount bookings only (R132).
  if (move === "followup" && order.status === 4 && order.checkinType !== "club" && order.checkinType !== "discount") throw new DomainError(MOVE_REFUSED, "409");
  return t;
}

/** The moves offered for an order (the detail panel's buttons), for a caller holding `letters`. */
export function movesFor(order: OrderFacts, letters: string): Move[] {
  const out: Move[] = [];
  for (const t of TRANSITIONS) {
    try {
      checkMove(t.move, order, letters);
      out.push(t.move);
    } catch {
      /* not offered */
    }
  }
  return out;
}

/** The list's row action (R125): handle now for 1, 2, 7. */
export const needsHandling = (status: number): boolean => status === 1 || status === 2 || status === 7;
/** The list's delete (R126) and follow-up (R127) links. */
export const LIST_DELETABLE: readonly number[] = [6, 8, 9, 10, 11];
export const LIST_FOLLOWUP: readonly number[] = [4, 6];
/** The detail panel's delete (R136). */
export const DETAIL_DELETABLE: readonly number[] = [4, 5, 8, 9];
