import { useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../lib/routeQuery.ts";
import type { DataOf } from "../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";

/**
 * The vouchers area's reads and writes by route: purchase orders, gift vouchers and exchanges
 * (one list route, hotelticket/list, answers gifts with exchangeType 3 and exchanges with '1,2').
 * Types come from the route table; each write names the reads it makes stale.
 */
export const PURCHASE_LIST = "GET /xiangyu/api/hotel/product/ticketbuylist";
export const PURCHASE_VIEW = "GET /xiangyu/api/hotel/product/ticketbuyview";
export const TICKET_LIST = "GET /xiangyu/api/order/hotelticket/list";
const HOTELS = "GET /xiangyu/api/hotel/allhotel";
const MEMBERSHIP = "GET /xiangyu/api/client/membershipinfo";

export type Purchase = DataOf<typeof PURCHASE_VIEW>;
export type GiftRow = DataOf<"POST /xiangyu/api/order/hotelticket/giftticketsave">;
export type ExchangeRow = DataOf<"POST /xiangyu/api/order/hotelticket/exchange">;

const voucherQueries = {
  /** Every hotel of the tenant, both types. */
  hotels: (api: ApiClient) => routeQuery(api, HOTELS, {}, "list"),
  /** A client's stored weeks per product type. */
  membership: (api: ApiClient, clientId: number) => routeQuery(api, MEMBERSHIP, { clientId }, "list"),
};

/** Every hotel of the tenant, for the bound-hotel choice. */
export function useHotelOptions() {
  const api = useApi();
  return useQuery({ ...voucherQueries.hotels(api), select: (r) => r.dataList ?? [] });
}

/** A client's stored weeks per product type (the exchange form reads them live). */
export function useMembership(clientId: number | undefined) {
  const api = useApi();
  return useQuery({ ...voucherQueries.membership(api, clientId ?? 0), enabled: !!clientId, select: (r) => r.dataList ?? [] });
}

const PURCHASES = staleReads(PURCHASE_LIST);
const TICKETS = staleReads(TICKET_LIST);

export const useSavePurchase = (o: SaveOptions) => useSave("POST /xiangyu/api/hotel/product/ticketbuysave", { ...o, invalidates: PURCHASES });
export const useDeletePurchase = () => useRouteMutation("POST /xiangyu/api/hotel/product/ticketbuydelete", { invalidates: PURCHASES, success: "删除成功" });

/** R207, R240: the spec's own success words. */
export const useSaveGift = () => useRouteMutation("POST /xiangyu/api/order/hotelticket/giftticketsave", { invalidates: TICKETS, success: "赠送完成" });
export const useReviewGift = () => useRouteMutation("POST /xiangyu/api/order/hotelticket/passed", { invalidates: TICKETS, success: "审核完成", kind: "handle" });
export const useRevokeGift = () => useRouteMutation("POST /xiangyu/api/order/hotelticket/revoke", { invalidates: TICKETS, success: "撤销成功", kind: "handle" });
export const useExchange = () => useRouteMutation("POST /xiangyu/api/order/hotelticket/exchange", { invalidates: TICKETS, success: "兑换完成" });
