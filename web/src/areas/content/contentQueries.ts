import { useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery, staleReads, useRouteMutation } from "../../lib/routeQuery.ts";
import type { DataOf, RowOf } from "../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";
import { INFO_LIST } from "./contentLists.ts";

/**
 * The content area's reads and writes by route (hotels/hotelQueries.ts is the model). The list is
 * served under both prefixes (docs/gaps.md §3); the console uses /xiangyu/api like the rest of the area.
 */
export const INFO_VIEW = "GET /xiangyu/api/information/view";
export const INFO_PASSED = "POST /xiangyu/api/information/passed";
export const INFO_DELETE = "POST /xiangyu/api/information/delete";
export type Information = RowOf<typeof INFO_LIST>;
export type InformationRecord = DataOf<typeof INFO_VIEW>;

/** What a write makes stale: the lists, the single-record lookup and the labels. */
export const INFO_STALE = staleReads(
  INFO_LIST,
  "GET /gateway/api/information/list",
  "GET /xiangyu/api/information/loadManageByFunctionId",
  "GET /xiangyu/api/information/labellist",
);

export const contentQueries = {
  /** Which article belongs to a single-page function (/infoview): data.id, none yet without one. */
  manage: (api: ApiClient, functionId: number) => routeQuery(api, "GET /xiangyu/api/information/loadManageByFunctionId", { functionId }),
  view: (api: ApiClient, id: number) => routeQuery(api, INFO_VIEW, { id }),
  labels: (api: ApiClient) => routeQuery(api, "GET /xiangyu/api/information/labellist", {}),
};

export const useSaveInformation = (o: SaveOptions) => useSave("POST /xiangyu/api/information/save", { ...o, invalidates: INFO_STALE });
/** One article's enable switch (the toolbar's bulk switch is ListActions' ToggleSelected). */
export const useToggleInformation = () => useRouteMutation(INFO_PASSED, { invalidates: INFO_STALE, success: "操作成功" });
export const useDeleteInformation = () => useRouteMutation(INFO_DELETE, { invalidates: INFO_STALE, success: "删除成功" });

/** The labels used so far (labellist), for the creatable label field (R520). */
export function useLabels() {
  const api = useApi();
  return useQuery({ ...contentQueries.labels(api), select: (r) => r.dataList ?? [] });
}
