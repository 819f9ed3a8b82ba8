import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { authenticateMember } from "@xiangyu/core/auth/memberAuth";
import { deleteLotteries, listLotteries, saveLottery, toggleLotteries, viewLottery } from "@xiangyu/core/lottery/activities";
import { deletePrize, listPrizes, lotterySummary, savePrize, viewPrize } from "@xiangyu/core/lottery/prizes";
import { listRecords, saveDistribution, viewRecord } from "@xiangyu/core/lottery/records";
import { memberLotteryView } from "@xiangyu/core/lottery/drawing";
import { memberDraw, memberLotteries, memberPrizes } from "@xiangyu/core/lottery/memberLotteries";
import { ok, okList } from "@xiangyu/core/kernel/envelope";

/** The lottery area's handlers (routes.ts); services in core/lottery. */

const impls: Impls<typeof routes> = {
  "GET /gateway/api/lotter/list": async ({ caller, input }) => listLotteries(caller, input.paging),
  "GET /gateway/api/lotter/view": async ({ caller, input }) => ok(await viewLottery(caller, input.id)),
  "GET /gateway/api/lotter/totallist": async ({ caller, input }) => {
    const { summary, rows } = await lotterySummary(caller, input.lotteryId);
    return { ...okList(rows), data: summary };
  },
  "GET /gateway/api/lotter/recordlist": async ({ caller, input }) => listRecords(caller, input.lotteryId, input.paging),
  "GET /gateway/api/lotter/recordview": async ({ caller, input }) => ok(await viewRecord(caller, input.id)),
  "GET /gateway/api/lotter/prizelist": async ({ caller, input }) => okList(await listPrizes(caller, input.lotteryId)),
  "GET /gateway/api/lotter/prizeview": async ({ caller, input }) => ok(await viewPrize(caller, input.id)),
  "POST /gateway/api/lotter/save": async ({ caller, input, actedOn }) => {
    const l = await saveLottery(caller, input);
    actedOn(l.id);
    return ok(l, "保存成功");
  },
  "POST /gateway/api/lotter/delete": async ({ caller, input, actedOn }) => {
    actedOn(await deleteLotteries(caller, input.ids));
    return ok(undefined, "删除成功");
  },
  "POST /gateway/api/lotter/passed": async ({ caller, input, actedOn }) => {
    const out = await toggleLotteries(caller, input.ids);
    actedOn(out.map((o) => o.id));
    return okList(out, undefined, "操作成功");
  },
  "POST /gateway/api/lotter/recordsave": async ({ caller, input, actedOn }) => {
    const r = await saveDistribution(caller, input);
    actedOn(r.id);
    return ok(r, "保存成功");
  },
  "POST /gateway/api/lotter/prizesave": async ({ caller, input, actedOn }) => {
    const p = await savePrize(caller, input);
    actedOn(p.id);
    return ok(p, "保存成功");
  },
  "POST /gateway/api/lotter/prizedelete": async ({ caller, input, actedOn }) => {
    actedOn(await deletePrize(caller, input.id));
    return ok(undefined, "删除成功");
  },
  "POST /gateway/api/lotter/mp/draw": async ({ member, input }) => {
    const r = await memberDraw(member, input.lotteryId);
    return ok(r, r.prizeTips);
  },
  "GET /gateway/api/lotter/mp/view": async ({ member, input }) => ok(await memberLotteryView(member, input.lotteryId)),
  "GET /gateway/api/lotter/mp/list": async ({ member, input }) => memberLotteries(member, input.paging),
  "GET /gateway/api/lotter/mp/records": async ({ member, input }) => memberPrizes(member, input.paging),
};

export const app = areaApp(routes, impls, { members: authenticateMember });
export const handler = lambda(app);
