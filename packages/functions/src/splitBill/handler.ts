import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import type { splitRoutes } from "./splitRoutes.ts";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { listSettings, listSplitRows, monthClose, runMonthNow, saveSettings, statisticsForShop, toggleSplitDone } from "@xiangyu/core/finance/splitBill/service";
import { listShares, rebuildShare } from "@xiangyu/core/finance/profitSharing/records";

/** Split bill, business summary and profit sharing (splitRoutes.ts). */
const splitImpls: Impls<typeof splitRoutes> = {
  "GET /xiangyu/api/finance/splitbillsetlist": async ({ caller }) => okList(await listSettings(caller.tenantId)),
  "POST /xiangyu/api/finance/splitbillsetsave": async ({ caller, input }) => {
    await saveSettings(caller, input.splitbillSetList);
    return ok(undefined, "保存成功");
  },
  "GET /xiangyu/api/finance/splitbilllist": async ({ caller, input }) => okList(await listSplitRows(caller.tenantId, input.splitbillType, input.year, input.month)),
  "POST /xiangyu/api/finance/splitbillsave": async ({ caller, input, actedOn }) => {
    const r = await toggleSplitDone(caller, input.id);
    actedOn([r.id]);
    return ok(r, "操作成功");
  },
  "GET /xiangyu/api/finance/statisticsforshop": async ({ caller, input }) => okList(await statisticsForShop(caller.tenantId, input.year, input.month)),
  "POST /xiangyu/api/finance/splitbillrun": async ({ caller, input }) => ok(await runMonthNow(caller, input.year, input.month), "计算完成"),
  "GET /xiangyu/api/finance/splitbillclose": async ({ caller, input }) => ok(await monthClose(caller.tenantId, input.year, input.month)),
  "GET /xiangyu/api/order/profitsharingAmount/list": async ({ caller, input }) => listShares(caller, input.paging),
  "POST /xiangyu/api/order/profitsharingAmount/rebuild": async ({ caller, input, actedOn }) => {
    actedOn([await rebuildShare(caller, input.id)]);
    return ok(undefined, "已重新发起分账");
  },
};

export const app = areaApp(routes, splitImpls);
export const handler = lambda(app);
