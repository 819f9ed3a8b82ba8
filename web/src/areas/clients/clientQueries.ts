import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { invalidateRoutes, routeQuery, useRouteMutation, staleReads } from "../../lib/routeQuery.ts";
import type { DataOf, RowOf } from "../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";

/**
 * The clients area's reads and writes by route (the hotels area's hotelQueries.ts is the model):
 * the row types come from the route table, and each write names the reads it makes stale.
 */
export const CLIENT_LIST = "GET /xiangyu/api/client/clientlist";
export const MEMBER_LIST = "GET /xiangyu/api/client/memberlist";
export const CLIENT_VIEW = "GET /xiangyu/api/client/clientview";
/** The client's room-voucher ledger: every batch (dataList) and the totals per kind (data). */
export const CLIENT_VOUCHERS = "GET /xiangyu/api/client/vouchers";

/** A client as the lists and the view answer it (core's ClientView). */
export type Client = DataOf<typeof CLIENT_VIEW>;
/** membershiptotallist: one per product type the client holds; passwords never come, only whether one is set. */
export type MembershipSummary = RowOf<"GET /xiangyu/api/client/membershiptotallist">;
/** membershiplist: one purchase or gift (a lot) of a product type. */
export type MembershipRow = RowOf<"GET /xiangyu/api/client/membershiplist">;

export const clientQueries = {
  totals: (api: ReturnType<typeof useApi>, clientId: number) => routeQuery(api, "GET /xiangyu/api/client/membershiptotallist", { id: clientId }, "list"),
  /** The channels a client may come from (clientSource). */
  sources: (api: ReturnType<typeof useApi>) => routeQuery(api, "GET /xiangyu/api/channel/list", { styleen: "clientSource" }, "list"),
  vouchers: (api: ReturnType<typeof useApi>, clientId: number) => routeQuery(api, CLIENT_VOUCHERS, { clientId }, "list"),
  /** The import template's link (the bucket's file, written once). */
  importTemplate: (api: ReturnType<typeof useApi>) => routeQuery(api, "GET /xiangyu/api/client/importtemplate", {}),
};

/** The membership reads always show what the server holds now (a dialog over a client). */
export function useMembershipTotals(clientId: number) {
  const api = useApi();
  return useQuery({ ...clientQueries.totals(api, clientId), select: (r) => r.dataList ?? [], gcTime: 0 });
}

// The view is not named: the dialog never caches it (RecordModal).
const CLIENTS = staleReads(CLIENT_LIST, MEMBER_LIST, "GET /xiangyu/api/client/searchclient");
const MEMBERSHIP = staleReads(
  "GET /xiangyu/api/client/membershipinfo",
  "GET /xiangyu/api/client/membershiptotallist",
  "GET /xiangyu/api/client/membershiplist",
  "GET /xiangyu/api/client/memberstore",
);
export const STALE_AFTER = { clients: CLIENTS, membership: MEMBERSHIP } as const;

/** After an import, which writes clients outside these hooks. */
export function useClientsChanged() {
  const qc = useQueryClient();
  return () => void invalidateRoutes(qc, CLIENTS);
}

export const useSaveClient = (o: SaveOptions) => useSave("POST /xiangyu/api/client/clientsave", { ...o, invalidates: CLIENTS });
export const useDeleteClients = () => useRouteMutation("POST /xiangyu/api/client/clientdelete", { invalidates: CLIENTS, success: "删除成功" });
export const useSaveAccount = (o: SaveOptions) => useSave("POST /xiangyu/api/client/membershipsave", { ...o, invalidates: MEMBERSHIP });
export const useSaveValidity = (o: SaveOptions) => useSave("POST /xiangyu/api/client/shipdurationsave", { ...o, invalidates: MEMBERSHIP });
/** A reveal is a POST (so it is logged) but changes nothing. */
export const useRevealPassword = () => useRouteMutation("POST /xiangyu/api/client/membershippassword", { invalidates: [], kind: "view" });
