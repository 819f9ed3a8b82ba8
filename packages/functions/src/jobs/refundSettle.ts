import { settleDueRefunds } from "@xiangyu/core/orders/payments";

/** Every minute: the payment port settles the refunds that have fallen due (the sandbox provider). */
export async function handler(): Promise<{ settled: number }> {
  return { settled: await settleDueRefunds() };
}
