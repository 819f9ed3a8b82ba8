import { useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery, staleReads, useRouteMutation } from "../../lib/routeQuery.ts";
import type { DataOf, RowOf } from "../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";
import { LOTTERY_LIST } from "./lotteryLists.ts";

/** The lottery area's reads and writes by route (hotels/hotelQueries.ts is the model). */
export const LOTTERY_VIEW = "GET /gateway/api/lotter/view";
export const LOTTERY_PASSED = "POST /gateway/api/lotter/passed";
export const LOTTERY_DELETE = "POST /gateway/api/lotter/delete";
export const PRIZE_LIST = "GET /gateway/api/lotter/prizelist";
export const PRIZE_VIEW = "GET /gateway/api/lotter/prizeview";
const PRIZE_DELETE = "POST /gateway/api/lotter/prizedelete";
const SUMMARY = "GET /gateway/api/lotter/totallist";
export const RECORD_LIST = "GET /gateway/api/lotter/recordlist";
export const RECORD_VIEW = "GET /gateway/api/lotter/recordview";
export const RECORD_EXPORT = "GET /gateway/api/lotter/recordexport";

export type Lottery = RowOf<typeof LOTTERY_LIST>;
export type LotteryRecord = DataOf<typeof LOTTERY_VIEW>;
export type Prize = RowOf<typeof PRIZE_LIST>;
export type DrawRecord = RowOf<typeof RECORD_LIST>;

/** What an activity write makes stale: its list and view. */
export const LOTTERY_STALE = staleReads(LOTTERY_LIST, LOTTERY_VIEW);
/** What a prize write makes stale: the prizes and the summary. */
const PRIZE_STALE = staleReads(PRIZE_LIST, PRIZE_VIEW, SUMMARY);
/** What a distribution makes stale: the winners. */
const RECORD_STALE = staleReads(RECORD_LIST, RECORD_VIEW);

const lotteryQueries = {
  /** The draw summary of an activity (totallist): rows per prize and the totals. */
  summary: (api: ApiClient, lotteryId: number) => routeQuery(api, SUMMARY, { lotteryId }),
};

export const useSaveLottery = (o: SaveOptions) => useSave("POST /gateway/api/lotter/save", { ...o, invalidates: LOTTERY_STALE });
export const useSavePrize = (o: SaveOptions) => useSave("POST /gateway/api/lotter/prizesave", { ...o, invalidates: PRIZE_STALE });
export const useSaveDistribution = (o: SaveOptions) => useSave("POST /gateway/api/lotter/recordsave", { ...o, invalidates: RECORD_STALE });
/** One activity's enable switch (the toolbar's bulk switch is ListActions' ToggleSelected). */
export const useToggleLottery = () => useRouteMutation(LOTTERY_PASSED, { invalidates: LOTTERY_STALE, success: "操作成功" });
export const useDeleteLottery = () => useRouteMutation(LOTTERY_DELETE, { invalidates: LOTTERY_STALE, success: "删除成功" });
export const useDeletePrize = () => useRouteMutation(PRIZE_DELETE, { invalidates: PRIZE_STALE, success: "删除成功" });

/** The draw summary of an activity (totallist): rows per prize and the totals. */
export function useSummary(lotteryId: number) {
  const api = useApi();
  return useQuery({ ...lotteryQueries.summary(api, lotteryId), select: (r) => ({ rows: r.dataList ?? [], totals: r.data }) });
}

/** Who won: the member's name, else their mobile, else the mobile user's number (a member not yet bound to a client). */
export const winnerName = (r: Pick<DrawRecord, "realname" | "mobile" | "mobileUserId">): string => r.realname || r.mobile || `用户${r.mobileUserId}`;
