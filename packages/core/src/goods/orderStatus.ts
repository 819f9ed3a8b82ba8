/**
 * The goods order's states and moves (docs/gaps.md §5 goodsOrderStatus, R423–R428), in one place: the
 * server decides every move with `decide`, the console shows the actions `actionsOf` names. Table
 * in docs/goods.md.
 */
export const GOODS_ORDER_STATUS = {
  unpaid: 1,
  toReview: 2,
  toComplete: 3,
  completed: 4,
  rejected: 5,
  refundAsked: 6,
  refunded: 7,
  cancelled: 8,
  closed: 9,
} as const;
export type GoodsOrderStatus = (typeof GOODS_ORDER_STATUS)[keyof typeof GOODS_ORDER_STATUS];
export const GOODS_ORDER_STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const satisfies readonly GoodsOrderStatus[];

/** The goodsOrderStatus style list's default names (R426; the seeded list may rename them). */
export const GOODS_ORDER_STATUS_NAMES: Record<GoodsOrderStatus, string> = {
  1: "待支付",
  2: "待审核",
  3: "待完成",
  4: "已完成",
  5: "审核不通过",
  6: "申请退款",
  7: "已退款",
  8: "已取消",
  9: "已关闭",
};

/** R423: the statuses staff handle; R425: the statuses whose orders may be deleted. */
export const HANDLEABLE: readonly GoodsOrderStatus[] = [2, 3, 6];
export const DELETABLE: readonly GoodsOrderStatus[] = [4, 5, 7, 8, 9];

/**
 * Every move. Staff: review (pass/fail), complete, refund (approve/reject), proxy cancel. Member:
 * pay, cancel an unpaid order, ask for a refund of a paid one. System: close an unpaid order past
 * its payment time.
 */
export type GoodsAction = "pay" | "cancel" | "expire" | "askRefund" | "reviewPass" | "reviewFail" | "complete" | "refundApprove" | "refundReject" | "proxyCancel";

/** The letter each staff action needs (R428); member and system moves need none. */
export const ACTION_LETTER: Partial<Record<GoodsAction, "A" | "E" | "P">> = {
  reviewPass: "A",
  reviewFail: "A",
  complete: "A",
  refundApprove: "E",
  refundReject: "E",
  proxyCancel: "P",
};

export const STAFF_ACTIONS = ["reviewPass", "reviewFail", "complete", "refundApprove", "refundReject", "proxyCancel"] as const satisfies readonly GoodsAction[];

const MOVES: Record<GoodsAction, Partial<Record<GoodsOrderStatus, GoodsOrderStatus>>> = {
  pay: { 1: 2 },
  cancel: { 1: 8 },
  expire: { 1: 9 },
  askRefund: { 2: 6, 3: 6 },
  reviewPass: { 2: 3 },
  reviewFail: { 2: 5 },
  complete: { 3: 4 },
  refundApprove: { 6: 7 },
  refundReject: { 6: 3 },
  // Staff cancel for the member: before payment, or a paid order not yet done (its money goes back).
  proxyCancel: { 1: 8, 2: 8, 3: 8 },
};

export const GOODS_ORDER_MSG = {
  notAllowed: "订单当前状态不能进行此操作",
  notDeletable: "只有已完成、审核不通过、已退款、已取消、已关闭的订单才能删除",
  noResult: "请填写处理结果",
  reviewStatus: "审核状态必须是数字",
} as const;

/** Where `action` takes an order in `status`, or null when the move is refused. */
export function decide(status: number, action: GoodsAction): GoodsOrderStatus | null {
  return MOVES[action][status as GoodsOrderStatus] ?? null;
}

/** Whether the move gives the reserved stock back (the order will not be served). */
export const releasesStock = (to: GoodsOrderStatus): boolean => to === 5 || to === 7 || to === 8 || to === 9;

/** Whether the move must pay money back: a paid order that ends unserved. */
export const refundsMoney = (from: GoodsOrderStatus, to: GoodsOrderStatus): boolean => from !== 1 && (to === 5 || to === 7 || to === 8);

/** The staff actions open on an order in `status` (the detail panel's buttons, before rights). */
export const actionsOf = (status: number): GoodsAction[] => STAFF_ACTIONS.filter((a) => decide(status, a) !== null);

export const deletable = (status: number): boolean => (DELETABLE as readonly number[]).includes(status);

/**
 * handelorder's `currentCtrl` (1 review, 2 refund, 3 complete; 4 proxy cancel is ours: the spec
 * names the right but no code) and `status` (R427: 1 pass / 2 fail; for a refund 1 approve / 2 reject).
 */
export const CTRL = { review: 1, refund: 2, complete: 3, proxyCancel: 4 } as const;
export function actionOfCtrl(ctrl: number, status?: number): GoodsAction | null {
  if (ctrl === CTRL.review) return status === 1 ? "reviewPass" : status === 2 ? "reviewFail" : null;
  if (ctrl === CTRL.refund) return status === 1 ? "refundApprove" : status === 2 ? "refundReject" : null;
  if (ctrl === CTRL.complete) return "complete";
  if (ctrl === CTRL.proxyCancel) return "proxyCancel";
  return null;
}
