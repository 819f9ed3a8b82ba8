import { useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../lib/routeQuery.ts";
import type { RowOf } from "../../lib/contract.ts";

/**
 * The weeks area's reads and writes by route (hotels/hotelQueries.ts is the model): gift weeks,
 * week exchange (RCI) and the balance history. Every write makes stale the lists it changes and
 * the membership reads of the client screens (weeks moved).
 */
export const GIFT_LIST = "GET /xiangyu/api/order/giftweek/list";
export const RCI_LIST = "GET /xiangyu/api/order/rci/list";
const HISTORY = "GET /xiangyu/api/client/membershiphistory";
const MEMBERSHIP_INFO = "GET /xiangyu/api/client/membershipinfo";

export type GiftWeek = RowOf<typeof GIFT_LIST>;
export type RciExchange = RowOf<typeof RCI_LIST>;
export type HistoryEntry = RowOf<typeof HISTORY>;

/** Membership reads of every screen (the viewer, the wizards): any write here moves weeks. */
const MEMBERSHIP = staleReads("GET /xiangyu/api/client/membershipinfo", "GET /xiangyu/api/client/membershiptotallist", "GET /xiangyu/api/client/membershiplist", HISTORY);
const GIFTS = staleReads(GIFT_LIST, ...MEMBERSHIP);
const EXCHANGES = staleReads(RCI_LIST, ...MEMBERSHIP);

export const weeksQueries = {
  /** The client's stored weeks per product type. */
  membershipInfo: (api: ApiClient, clientId: number) => routeQuery(api, MEMBERSHIP_INFO, { clientId }, "list"),
  /** A page of the client's balance history (周次流水), newest first. */
  history: (api: ApiClient, clientId: number, currentPage: number, pageSize: number) => routeQuery(api, HISTORY, { clientId, currentPage, pageSize }, "list"),
};

/** The client's stored weeks, read live (the wizards' "read stored weeks" step, R234). */
export function useMembershipInfo(clientId: number | undefined) {
  const api = useApi();
  return useQuery({
    ...weeksQueries.membershipInfo(api, clientId ?? 0),
    select: (r) => r.dataList ?? [],
    enabled: !!clientId,
    staleTime: 0,
  });
}

export const useSaveGift = () => useRouteMutation("POST /xiangyu/api/order/giftweek/save", { invalidates: GIFTS, success: "赠送完成" });
export const useReviewGift = () => useRouteMutation("POST /xiangyu/api/order/giftweek/passed", { invalidates: GIFTS, success: "审核成功", kind: "handle" });
export const useApplyDelay = () => useRouteMutation("POST /xiangyu/api/order/giftweek/delay", { invalidates: GIFTS, success: "申请成功", kind: "handle" });
export const useReviewDelay = () => useRouteMutation("POST /xiangyu/api/order/giftweek/delaypassed", { invalidates: GIFTS, success: "审核成功", kind: "handle" });
export const useExchange = () => useRouteMutation("POST /xiangyu/api/order/rci/exchange", { invalidates: EXCHANGES, success: "兑换完成" });
export const useReturnExchange = () => useRouteMutation("POST /xiangyu/api/order/rci/backexchange", { invalidates: EXCHANGES, success: "退回成功", kind: "handle" });
