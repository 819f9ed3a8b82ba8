import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../lib/routeQuery.ts";
import type { DataOf, RowOf } from "../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";

/** The tenant screen's reads and writes by route (hotels/hotelQueries.ts is the model). */
const TENANT_LIST = "GET /gateway/api/manage/platform/list";
const TENANT_VIEW = "GET /gateway/api/manage/platform/view";
const TENANT_REMOVALS = "GET /gateway/api/manage/platform/removals";
export type Tenant = DataOf<typeof TENANT_VIEW>;
export type TenantRemoval = RowOf<typeof TENANT_REMOVALS>;

/** What a tenant write makes stale: the list, the dropdown (same route), the view and the removals in progress. */
const TENANTS = staleReads(TENANT_LIST, TENANT_VIEW, TENANT_REMOVALS);

/** How often the removals are read again while one is in progress (a slice of the worker takes seconds). */
export const REMOVALS_POLL_MS = 5000;

/** The tenants being removed (ours, issue 37), read again every few seconds while any is 删除中. */
export function useTenantRemovals() {
  const api = useApi();
  return useQuery({
    ...routeQuery(api, TENANT_REMOVALS, {}, "list"),
    select: (r) => r.dataList ?? [],
    refetchInterval: (q) => ((q.state.data?.dataList ?? []).some((t) => t.state === "running") ? REMOVALS_POLL_MS : false),
  });
}

export function useTenant(clientId: string | undefined) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, TENANT_VIEW, { clientId: clientId ?? "" }), select: (r) => r.data, enabled: !!clientId, gcTime: 0 });
}

/** The tenant dropdown of other forms (R438): every tenant, page size 100000. */
export function useTenantOptions() {
  const api = useApi();
  return useQuery({
    ...routeQuery(api, TENANT_LIST, { pagesize: 100000 }, "list"),
    select: (r) => (r.dataList ?? []).map((t) => ({ value: t.clientId, label: t.systemName || t.clientId })),
    staleTime: 60_000,
  });
}

export const useSaveTenant = (o: SaveOptions) => useSave("POST /gateway/api/manage/platform/save", { ...o, invalidates: TENANTS });
export const usePassTenant = () => useRouteMutation("POST /gateway/api/manage/platform/passed", { invalidates: TENANTS });
export const useDeleteTenants = () => useRouteMutation("POST /gateway/api/manage/platform/delete", { invalidates: TENANTS, success: "删除成功" });
