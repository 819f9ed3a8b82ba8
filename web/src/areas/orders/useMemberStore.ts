import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { useApi } from "../../lib/screen.tsx";
import { unwrap } from "../../lib/query.ts";
import { MEMBER_STORE_PATH, type MemberStore } from "./orderTypes.ts";

/**
 * What a client holds for a booking (client/memberstore, R182): bound to the mini-program, stored
 * weeks, and the vouchers usable at the hotel for the stay (hotel and dates optional). Re-read each
 * time the wizard opens a step: balances move when other bookings are placed.
 */
export type StoreQuery = { clientId: number; hotelId?: number; checkInDate?: string; checkOutDate?: string };

const key = (q: StoreQuery) => [MEMBER_STORE_PATH, q.clientId, q.hotelId ?? 0, q.checkInDate ?? "", q.checkOutDate ?? ""];
const read = (api: ApiClient, q: StoreQuery) => async () => (await unwrap(api.get<MemberStore>(MEMBER_STORE_PATH, { ...q }), "view")).data!;

export function useMemberStore(q: StoreQuery | null) {
  const api = useApi();
  return useQuery({ queryKey: key(q ?? { clientId: 0 }), queryFn: read(api, q!), enabled: !!q?.clientId, staleTime: 0 });
}

export const fetchMemberStore = (qc: QueryClient, api: ApiClient, q: StoreQuery) => qc.fetchQuery({ queryKey: key(q), queryFn: read(api, q), staleTime: 0 });
