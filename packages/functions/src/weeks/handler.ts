import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { ok } from "@xiangyu/core/kernel/envelope";
import { applyDelay, giftWeekView, listGiftWeeks, reviewDelay, reviewGiftWeek, saveGiftWeek } from "@xiangyu/core/weeks/giftWeeks";
import { exchangeWeeks, listExchanges, returnExchange, rciView } from "@xiangyu/core/weeks/rci";
import { balanceHistory } from "@xiangyu/core/weeks/history";
import { MSG } from "@xiangyu/core/weeks/rules";

/** Gift weeks, week exchange (RCI) and the balance history. */
const impls: Impls<typeof routes> = {
  "GET /xiangyu/api/order/giftweek/list": async ({ caller, input }) => listGiftWeeks(caller, input.paging, { clientId: input.clientId, status: input.status, delay: input.delay }),
  "POST /xiangyu/api/order/giftweek/save": async ({ caller, input, actedOn }) => {
    const g = await saveGiftWeek(caller, input);
    actedOn([g.id]);
    return ok(giftWeekView(g), MSG.gifted);
  },
  "POST /xiangyu/api/order/giftweek/passed": async ({ caller, input, actedOn }) => {
    actedOn([await reviewGiftWeek(caller, input)]);
    return ok(undefined, "审核成功");
  },
  "POST /xiangyu/api/order/giftweek/delay": async ({ caller, input, actedOn }) => {
    actedOn([await applyDelay(caller, input)]);
    return ok(undefined, "申请成功");
  },
  "POST /xiangyu/api/order/giftweek/delaypassed": async ({ caller, input, actedOn }) => {
    actedOn([await reviewDelay(caller, input)]);
    return ok(undefined, "审核成功");
  },
  "GET /xiangyu/api/order/rci/list": async ({ caller, input }) => listExchanges(caller, input.paging, { clientId: input.clientId, backFlag: input.backFlag }),
  "POST /xiangyu/api/order/rci/exchange": async ({ caller, input, actedOn }) => {
    const e = await exchangeWeeks(caller, input);
    actedOn([e.id]);
    return ok(rciView(e), MSG.exchanged);
  },
  "POST /xiangyu/api/order/rci/backexchange": async ({ caller, input, actedOn }) => {
    const backId = await returnExchange(caller, input.id);
    actedOn([input.id, backId]);
    return ok(undefined, MSG.returned);
  },
  "GET /xiangyu/api/client/membershiphistory": async ({ caller, input }) => balanceHistory(caller, input.clientId, input.productTypeId, input.paging),
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
