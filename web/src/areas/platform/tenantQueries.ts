import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../lib/routeQuery.ts";
import type { DataOf } from "../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";

/** The tenant screen's reads and writes by route (hotels/hotelQueries.ts is the model). */
const TENANT_LIST = "GET /gateway/api/manage/platform/list";
const TENANT_VIEW = "GET /gateway/api/manage/platform/view";
export type Tenant = DataOf<typeof TENANT_VIEW>;

/** What a tenant write makes stale: the list, the dropdown (same route) and the view. */
const TENANTS = staleReads(TENANT_LIST, TENANT_VIEW);

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
