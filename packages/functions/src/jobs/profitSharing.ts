import { settleDueShares } from "@xiangyu/core/finance/profitSharing/records";

/** Every minute (every few seconds locally): the profit-sharing port submits what is due and the sandbox answers. */
export async function handler(): Promise<{ worked: number }> {
  return { worked: await settleDueShares() };
}
