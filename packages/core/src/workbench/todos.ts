import type { RightsMap } from "../kernel/rights.ts";
import { GIFT_WEEK_TOTALS } from "../weeks/rules.ts";
import { GIFTS_PENDING_TOTAL } from "../vouchers/rules.ts";
import { STAGES, stageTotal } from "../finance/purchase/status.ts";
import type { GoodsOrderStatus } from "../goods/orderStatus.ts";
import type { GoodsType } from "../goods/schemas.ts";

/**
 * The workbench's to-dos (issue 36; docs/workbench.md), pure: which counts a user sees, from the
 * functions their roles hold, and the filter of the list each count opens. The console builds the
 * link from the user's own menu entry of `functionId` (its path and parameters) plus `filter`, so a
 * count opens the very list it counts.
 */
export type TodoSource =
  | { kind: "orders"; status: number; checkinType?: string }
  /** A per-store total its area keeps (kernel/counters.ts shopTotalDelta), summed over the stores in reach; `tenantTotal` answers a whole-tenant reach in one read. */
  | { kind: "storeTotal"; total: string; tenantTotal?: string }
  | { kind: "workOrders"; code: string }
  /** Work orders due for their visit `inDays` after today (workorders/rules.ts `dueTotal`): that day's totals per store in reach, or the tenant's. */
  | { kind: "workOrdersDue"; inDays: number }
  /** Work orders whose appointment day has passed unvisited (workorders/overdue.ts `overdueCount`): the per-store overdue totals in reach. */
  | { kind: "workOrdersOverdue" }
  | { kind: "goodsOrders"; goodsType: GoodsType; status: GoodsOrderStatus }
  | { kind: "failedPushes" };

export type TodoDef = { key: string; functionId: number; label: string; filter: Record<string, string>; source: TodoSource };

/** A purchase review stage: per-store totals, and the stage's own total for a whole-tenant reviewer. */
const purchaseStage = (stage: keyof typeof STAGES): TodoSource => ({ kind: "storeTotal", total: stageTotal(STAGES[stage].status), tenantTotal: stageTotal(STAGES[stage].status) });

const orders = (functionId: number, checkinType?: string): TodoDef[] => [
  { key: `orders.${functionId}.review`, functionId, label: "待审核订单", filter: { orderStatus: "1" }, source: { kind: "orders", status: 1, checkinType } },
  { key: `orders.${functionId}.change`, functionId, label: "代客/变更待审核", filter: { orderStatus: "2" }, source: { kind: "orders", status: 2, checkinType } },
  { key: `orders.${functionId}.refund`, functionId, label: "申请退订待处理", filter: { orderStatus: "7" }, source: { kind: "orders", status: 7, checkinType } },
];

const goods = (functionId: number, goodsType: GoodsType, noun: string): TodoDef[] => [
  { key: `goods.${goodsType}.review`, functionId, label: `${noun}待审核`, filter: { orderStatus: "2" }, source: { kind: "goodsOrders", goodsType, status: 2 } },
  { key: `goods.${goodsType}.complete`, functionId, label: `${noun}待完成`, filter: { orderStatus: "3" }, source: { kind: "goodsOrders", goodsType, status: 3 } },
  { key: `goods.${goodsType}.refund`, functionId, label: `${noun}申请退款`, filter: { orderStatus: "6" }, source: { kind: "goodsOrders", goodsType, status: 6 } },
];

/** Every to-do by the function that opens its list, in the order the workbench shows them (the menu's). */
export const TODOS: readonly TodoDef[] = [
  ...orders(1701),
  ...orders(1702, "club"),
  ...orders(1703, "discount"),
  { key: "giftVouchers.pending", functionId: 1802, label: "赠送房券待审核", filter: { status: "0" }, source: { kind: "storeTotal", total: GIFTS_PENDING_TOTAL } },
  { key: "giftWeeks.waiting", functionId: 1804, label: "赠送周次待审核", filter: { status: "0" }, source: { kind: "storeTotal", total: GIFT_WEEK_TOTALS.waiting } },
  { key: "giftWeeks.delaying", functionId: 1804, label: "周次延期待审核", filter: { delay: "2" }, source: { kind: "storeTotal", total: GIFT_WEEK_TOTALS.delaying } },
  { key: "purchases.cashier", functionId: 1905, label: "待收银复核", filter: {}, source: purchaseStage("cashier") },
  { key: "purchases.finance", functionId: 1906, label: "待财务经理复核", filter: {}, source: purchaseStage("finance") },
  { key: "purchases.memberService", functionId: 1907, label: "待会员服务复核", filter: {}, source: purchaseStage("memberService") },
  { key: "workOrders.appointed", functionId: 2101, label: "已应邀待到场", filter: { status: "1122" }, source: { kind: "workOrders", code: "1122" } },
  // The list's appointment filter (R309): 1 today, 2 tomorrow.
  { key: "workOrders.dueToday", functionId: 2101, label: "今日应邀到场", filter: { status: "1122", appointmentType: "1" }, source: { kind: "workOrdersDue", inDays: 0 } },
  { key: "workOrders.dueTomorrow", functionId: 2101, label: "明日应邀到场", filter: { status: "1122", appointmentType: "2" }, source: { kind: "workOrdersDue", inDays: 1 } },
  // The list's 已过期 (R309 filter 4, R310): appointed, the day before today, not visited.
  { key: "workOrders.overdue", functionId: 2101, label: "逾期未到场", filter: { status: "1122", appointmentType: "4" }, source: { kind: "workOrdersOverdue" } },
  ...goods(2402, "appointment", "预约订单"),
  ...goods(2403, "goods", "商品订单"),
  ...goods(2404, "virtual", "虚拟商品订单"),
  { key: "pushes.failed", functionId: 1110, label: "推送失败", filter: { status: "2" }, source: { kind: "failedPushes" } },
];

/** The whole-order list (1701) covers both categories: a user holding it is not shown the category lists' same counts again. */
const COVERED_BY: Readonly<Record<number, number>> = { 1702: 1701, 1703: 1701 };

/** The to-dos of the functions `rights` holds (a function held with no letter still opens its list). */
export function todosFor(rights: RightsMap): TodoDef[] {
  const holds = (id: number) => rights[String(id)] !== undefined;
  return TODOS.filter((t) => holds(t.functionId) && !(COVERED_BY[t.functionId] && holds(COVERED_BY[t.functionId])));
}
