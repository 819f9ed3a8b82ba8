import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { unwrap } from "../../lib/query.ts";
import { CLIENT_API, type MembershipRow, type MembershipSummary } from "./clientTypes.ts";

/** The membership reads of one client; a write refreshes both through `useMembershipRefresh`. */
const KEY = [CLIENT_API, "membership"] as const;

export function useMembershipTotals(clientId: number) {
  const api = useApi();
  return useQuery({
    queryKey: [...KEY, "totals", clientId],
    queryFn: async () => (await unwrap(api.get<MembershipSummary>(`${CLIENT_API}/membershiptotallist`, { id: clientId }), "list")).dataList ?? [],
    gcTime: 0,
  });
}

export function useMembershipRows(clientId: number, productTypeId: number) {
  const api = useApi();
  return useQuery({
    queryKey: [...KEY, "rows", clientId, productTypeId],
    queryFn: async () => (await unwrap(api.get<MembershipRow>(`${CLIENT_API}/membershiplist`, { id: clientId, productTypeId }), "list")).dataList ?? [],
    gcTime: 0,
  });
}

export function useMembershipRefresh(clientId: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: [...KEY, "totals", clientId] });
    void qc.invalidateQueries({ queryKey: [...KEY, "rows", clientId] });
  };
}
