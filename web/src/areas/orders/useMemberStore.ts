import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { useApi } from "../../lib/screen.tsx";
import { orderQueries, type StoreQuery } from "./orderQueries.ts";

/**
 * What a client holds for a booking (client/memberstore, R182): bound to the mini-program, stored
 * weeks, and the vouchers usable at the hotel for the stay (hotel and dates optional). Re-read each
 * time the wizard opens a step: balances move when other bookings are placed.
 */
export type { StoreQuery };

export function useMemberStore(q: StoreQuery | null) {
  const api = useApi();
  return useQuery({ ...orderQueries.memberStore(api, q ?? { clientId: 0 }), select: (r) => r.data!, enabled: !!q?.clientId, staleTime: 0 });
}

export const fetchMemberStore = async (qc: QueryClient, api: ApiClient, q: StoreQuery) => (await qc.fetchQuery({ ...orderQueries.memberStore(api, q), staleTime: 0 })).data!;
