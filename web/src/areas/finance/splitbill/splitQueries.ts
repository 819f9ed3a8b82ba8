import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/screen.tsx";
import { routeQuery, useRouteMutation } from "../../../lib/routeQuery.ts";
import type { RowOf } from "../../../lib/contract.ts";

/**
 * The split-bill and profit-sharing reads and writes by route (splitBill/splitRoutes.ts). Money comes
 * as yuan with 2 decimals; profit-sharing amounts as cents (the screen divides by 100, R259).
 */
const SETTINGS = "GET /xiangyu/api/finance/splitbillsetlist";
export const SPLIT_LIST = "GET /xiangyu/api/finance/splitbilllist";
export const SHOP_STATS = "GET /xiangyu/api/finance/statisticsforshop";
const CLOSE = "GET /xiangyu/api/finance/splitbillclose";
export const SHARING_LIST = "GET /xiangyu/api/order/profitsharingAmount/list";

export type SplitRow = RowOf<typeof SPLIT_LIST>;
export type ShopStat = RowOf<typeof SHOP_STATS>;
export type Share = RowOf<typeof SHARING_LIST>;

/** The split types with their proportions (the settings form and the summary's left menu, docs/gaps.md §8). */
export function useSettings() {
  const api = useApi();
  return useQuery({ ...routeQuery(api, SETTINGS, {}, "list"), select: (r) => r.dataList ?? [] });
}

export function useMonthClose(year: number, month: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, CLOSE, { year, month }, "view"), select: (r) => r.data });
}

export const useSaveSettings = () => useRouteMutation("POST /xiangyu/api/finance/splitbillsetsave", { invalidates: [SETTINGS], success: "保存成功" });
export const useToggleSplit = () => useRouteMutation("POST /xiangyu/api/finance/splitbillsave", { invalidates: [SPLIT_LIST], kind: "handle" });
export const useRunMonth = () => useRouteMutation("POST /xiangyu/api/finance/splitbillrun", { invalidates: [SPLIT_LIST, CLOSE], success: "计算完成", kind: "handle" });
export const useRebuildShare = () =>
  useRouteMutation("POST /xiangyu/api/order/profitsharingAmount/rebuild", { invalidates: [SHARING_LIST], success: "已重新发起分账", kind: "handle" });

/** "YYYY-MM" → the routes' year and month. */
export const yearMonth = (m: string) => ({ year: Number(m.slice(0, 4)), month: Number(m.slice(5, 7)) });
/** Money to 2 decimals, as the summaries show it (R251). */
export const money = (x: number) => (Math.round(x * 100) / 100).toFixed(2);
