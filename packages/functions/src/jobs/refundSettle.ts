import { settleDueRefunds } from "@xiangyu/core/orders/payments";
import { closeOverdueOrders } from "@xiangyu/core/orders/memberExpiry";

/**
 * Every minute, the hotel orders' payment port: the refunds that have fallen due are settled (the
 * sandbox provider), and orders left unpaid at their payment deadline are closed, giving back what
 * they hold (as goods' goodsExpire job does both for goods orders).
 */
export async function handler(): Promise<{ settled: number; closed: number }> {
  const [settled, closed] = await Promise.all([settleDueRefunds(), closeOverdueOrders()]);
  return { settled, closed };
}
