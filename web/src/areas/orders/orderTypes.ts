import { ORDER_STATUS } from "@xiangyu/core/orders/status";

/**
 * Console-only helpers of the orders area: status and refund names, money as staff read it. The row
 * and detail types come from the route table (orderQueries.ts).
 */
export const statusName = (s: number, given?: string) => given || ORDER_STATUS[s as keyof typeof ORDER_STATUS] || String(s);

/** Refund progress (R152). */
export const refundStatusName = (s: number) => (s === 1 ? "退款成功" : s === 2 ? "退款失败" : "退款中");

/** Yuan with two decimals. */
