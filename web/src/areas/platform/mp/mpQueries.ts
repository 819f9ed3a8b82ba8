import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../../lib/routeQuery.ts";
import type { DataOf } from "../../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../../ui/form/useSave.ts";

/** The mini-program screens' reads and writes by route (platform/configQueries.ts is the model). */
const MP_LIST = "GET /xiangyu/api/mpconfig/getMpconfigList";
const MP_VIEW = "GET /xiangyu/api/mpconfig/getMpconfigView";
export type MpConfig = DataOf<typeof MP_VIEW>;

const MP = staleReads(MP_LIST, MP_VIEW);

/** One record for its dialog (nothing read for a new one). */
export function useMpConfig(id?: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, MP_VIEW, { id: id ?? 0 }), select: (r) => r.data, gcTime: 0, enabled: !!id });
}

export const useSaveMp = (o: SaveOptions) => useSave("POST /xiangyu/api/mpconfig/saveMpconfig", { ...o, invalidates: MP });
export const usePassMp = () => useRouteMutation("POST /xiangyu/api/mpconfig/passedMpconfig", { invalidates: MP });
export const useDeleteMp = () => useRouteMutation("POST /xiangyu/api/mpconfig/deleteMpconfig", { invalidates: MP, success: "删除成功" });
export const MP_STALE = MP;
