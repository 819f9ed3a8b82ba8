import type { ApiClient } from "../../lib/api.ts";
import type { RowOf } from "../../lib/contract.ts";
import { routeQuery, staleReads, useRouteMutation } from "../../lib/routeQuery.ts";

/** The auth area's reads and writes by route (hotels/hotelQueries.ts is the model): the logs and the signed-in sessions. */
export const OPLOG_LIST = "GET /gateway/api/manage/oplog/list";
export const ONLINE_LIST = "GET /gateway/api/manage/online/list";
const MENU = "GET /gateway/api/manage/type/list";

/** One entry of the operation log: `action` is the route's Chinese label (新增酒店, 删除客户), empty on entries written before labels. */
export type OpLogRow = RowOf<typeof OPLOG_LIST>;
export type OnlineRow = RowOf<typeof ONLINE_LIST>;

export const authQueries = {
  /** The menu's folders (type/list below the top): the areas the operation log filters by. */
  menu: (api: ApiClient) => routeQuery(api, MENU, { fatherid: 0 }, "list"),
};

const SESSIONS = staleReads(ONLINE_LIST);

/** 强制退出: the session's next request answers 401. No toast of its own: the list shows it gone. */
export const useKickSession = () => useRouteMutation("POST /gateway/api/manage/online/kick", { invalidates: SESSIONS });
