import { done, list, data, moduleRoute, type RouteTable } from "../http/define.ts";
import {
  BalanceHistoryQuery,
  GiftWeekDelayInput,
  GiftWeekDelayPassInput,
  GiftWeekInput,
  GiftWeekListQuery,
  GiftWeekPassInput,
  RciBackInput,
  RciExchangeInput,
  RciListQuery,
} from "@xiangyu/core/weeks/schemas";
import type { GiftWeekView } from "@xiangyu/core/weeks/giftWeeks";
import type { RciExchangeView } from "@xiangyu/core/weeks/rci";
import type { HistoryView } from "@xiangyu/core/weeks/history";

/**
 * Gift weeks (1804), week exchange (RCI) list and wizard (1805, 1806): module "weeks". The balance
 * history is read from the membership viewer of the client screens (module "clients") too.
 * Letters: create A; review and delay review P (refused with 你没有审核权限); delay application E;
 * exchange A; return E (refused with 你没有退回权限, R232).
 */
const WEEKS = ["weeks"] as const;
const REVIEW_DENIAL = "你没有审核权限";

export const routes = {
  // ── gift weeks ──
  "GET /xiangyu/api/order/giftweek/list": moduleRoute(WEEKS, { scope: "department", input: GiftWeekListQuery, reply: list<GiftWeekView>(), log: false }),
  "POST /xiangyu/api/order/giftweek/save": moduleRoute(WEEKS, { scope: "department", right: "A", input: GiftWeekInput, reply: data<GiftWeekView>(), log: "赠送周次" }),
  "POST /xiangyu/api/order/giftweek/passed": moduleRoute(WEEKS, {
    scope: "department",
    right: "P",
    denial: REVIEW_DENIAL,
    input: GiftWeekPassInput,
    reply: done(),
    log: "审核赠送周次",
  }),
  "POST /xiangyu/api/order/giftweek/delay": moduleRoute(WEEKS, { scope: "department", right: "E", input: GiftWeekDelayInput, reply: done(), log: "申请赠送周次延期" }),
  "POST /xiangyu/api/order/giftweek/delaypassed": moduleRoute(WEEKS, {
    scope: "department",
    right: "P",
    denial: REVIEW_DENIAL,
    input: GiftWeekDelayPassInput,
    reply: done(),
    log: "审核赠送周次延期",
  }),

  // ── week exchange (RCI) ──
  "GET /xiangyu/api/order/rci/list": moduleRoute(WEEKS, { scope: "department", input: RciListQuery, reply: list<RciExchangeView>(), log: false }),
  "POST /xiangyu/api/order/rci/exchange": moduleRoute(WEEKS, { scope: "department", right: "A", input: RciExchangeInput, reply: data<RciExchangeView>(), log: "交换周次" }),
  "POST /xiangyu/api/order/rci/backexchange": moduleRoute(WEEKS, {
    scope: "department",
    right: "E",
    denial: "你没有退回权限",
    input: RciBackInput,
    reply: done(),
    log: "退回周次交换",
  }),

  // ── balance history (beyond the spec; docs/api.md) ──
  "GET /xiangyu/api/client/membershiphistory": moduleRoute(["clients", "weeks"], { input: BalanceHistoryQuery, reply: list<HistoryView>(), log: false }),
} satisfies RouteTable;
