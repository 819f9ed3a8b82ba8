import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { MSG, MonthQuery, ProfitSharingQuery, ProfitSharingRebuildInput, SplitListQuery, SplitRowInput, SplitSettingsInput } from "@xiangyu/core/finance/splitBill/schemas";
import type { CloseView, MonthRunResult, SettingView, ShopStatView, SplitRowView } from "@xiangyu/core/finance/splitBill/service";
import type { ShareView } from "@xiangyu/core/finance/profitSharing/records";
import { noInput } from "@xiangyu/core/kernel/fields";

/**
 * Split-bill settings (1901), the monthly split-bill summary (1902), the monthly business summary
 * (1903) and profit sharing (1904): module "finance". Finance is head-office work: the summaries
 * cover every store of the tenant ("tenant" scope, by design).
 * Letters: settings A or E (你没有设置分账权限, R246); split-done E or A; the on-demand month
 * run A; re-request A (你没有启分账权限, R255).
 */
const FINANCE = ["finance"] as const;

export const splitRoutes = {
  "GET /xiangyu/api/finance/splitbillsetlist": moduleRoute(FINANCE, { input: noInput, reply: list<SettingView>(), log: false }),
  "POST /xiangyu/api/finance/splitbillsetsave": moduleRoute(FINANCE, {
    right: ["A", "E"],
    denial: MSG.noSettingRight,
    input: SplitSettingsInput,
    reply: done(),
    log: "设置分账比例",
  }),
  "GET /xiangyu/api/finance/splitbilllist": moduleRoute(FINANCE, { scope: "tenant", input: SplitListQuery, reply: list<SplitRowView>(), log: false }),
  "POST /xiangyu/api/finance/splitbillsave": moduleRoute(FINANCE, {
    scope: "tenant",
    right: ["E", "A"],
    input: SplitRowInput,
    reply: data<{ id: number; isSplitbill: number }>(),
    log: "修改分账状态",
  }),
  "GET /xiangyu/api/finance/statisticsforshop": moduleRoute(FINANCE, { scope: "tenant", input: MonthQuery, reply: list<ShopStatView>(), log: false }),
  // Ours (docs/api.md): the month job on demand, and the month-close check.
  "POST /xiangyu/api/finance/splitbillrun": moduleRoute(FINANCE, { scope: "tenant", right: "A", input: MonthQuery, reply: data<MonthRunResult>(), log: "计算月度分账" }),
  "GET /xiangyu/api/finance/splitbillclose": moduleRoute(FINANCE, { scope: "tenant", input: MonthQuery, reply: data<{ computed: boolean; lines: CloseView[] }>(), log: false }),
  "GET /xiangyu/api/order/profitsharingAmount/list": moduleRoute(FINANCE, { scope: "tenant", input: ProfitSharingQuery, reply: list<ShareView>(), log: false }),
  "POST /xiangyu/api/order/profitsharingAmount/rebuild": moduleRoute(FINANCE, {
    scope: "tenant",
    right: "A",
    denial: MSG.noRebuildRight,
    input: ProfitSharingRebuildInput,
    reply: done(),
    log: "重新分账",
  }),
} satisfies RouteTable;
