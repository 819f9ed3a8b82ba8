import { runGoodsJobs } from "@xiangyu/core/goods/orderJobs";

/** Every minute: unpaid goods orders past their deadline are closed (stock released), due goods refunds settled. */
export async function handler(): Promise<{ closed: number; refunded: number }> {
  return runGoodsJobs();
}
