import { readFunnel, type FunnelRow } from "./funnel.ts";
import { namingFor } from "../clients/lookups.ts";
import { userNames } from "../users/read.ts";
import { fenToYuan } from "../kernel/money.ts";
import type { Caller } from "../kernel/context.ts";

export type FunnelView = FunnelRow & { revenue: number; shopName: string; bookingUserName: string };

/** The funnel as the screen shows it: revenue in yuan, the store's and the inviter's names. */
export async function funnelView(caller: Caller, from: string, to: string, shop?: string): Promise<FunnelView[]> {
  const [rows, naming] = await Promise.all([readFunnel(caller, from, to, shop), namingFor(caller.tenantId)]);
  const names = await userNames(
    caller.tenantId,
    rows.map((r) => r.bookingUser),
  );
  return rows.map((r) => ({ ...r, revenue: fenToYuan(r.revenue), shopName: naming.shopName(r.shop), bookingUserName: names.get(r.bookingUser) ?? "" }));
}
