import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ApiClient, PageParams, Query } from "../../lib/api.ts";
import type { InputFor, ListKey, ReplyFor, RowOf } from "../../lib/contract.ts";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery } from "../../lib/routeQuery.ts";
import { failureText } from "../feedback/failure.ts";
import { listParams, type TableState } from "./tableState.ts";

/**
 * One page of a paged list, GET or POST as its route says: the table state becomes
 * currentPage/pageSize/sort/order/keyword plus the filters (R023), the reply's dataList and
 * pageParams.maxCount come back. A failed read shows its desc, or '读取出错' (R006, R008), and the
 * table shows the error. The previous page stays while the next loads.
 */
type ListPage<T> = { rows: T[]; total: number; pageParams?: PageParams };
/** A route's row type; `any` while the route has not declared one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list route whose row type is unknown lets the screen name its own
export type ListRow<K extends ListKey> = unknown extends RowOf<K> ? any : RowOf<K>;

/**
 * The query of one page of a list: the one definition the list screen reads with and the frame
 * preloads with (app/screen/preload.ts), so a preloaded page is the page the screen shows.
 * Keyed as every read of a route ([route, function, input]), so a write's prefixes reach it.
 */
export const listQueryOptions = <K extends ListKey>(api: ApiClient, route: K, params: Query) => routeQuery(api, route, params as InputFor<K>, "list");

/**
 * `paged: false` reads a route that answers every row at once (a hotel's rooms, product types:
 * lists without paging) with its own parameters only — one read, keyed as the area's other reads
 * of it. `fresh` drops the read once nothing shows it (gcTime 0), so each opening reads anew.
 */
export function useListQuery<K extends ListKey>(route: K, state: TableState, opts: { params?: Query; enabled?: boolean; paged?: boolean; fresh?: boolean } = {}) {
  const api = useApi();
  const paged = opts.paged ?? true;
  const params = paged ? { ...listParams(state), ...opts.params } : { ...opts.params };
  const q = useQuery({
    ...listQueryOptions(api, route, params),
    select: pageOf<K>,
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
    retry: false,
    ...(opts.fresh ? { gcTime: 0 } : {}),
  });
  return {
    rows: q.data?.rows ?? (EMPTY as ListRow<K>[]),
    total: q.data?.total ?? 0,
    /** The total was counted up to a cap: at least `total` rows (the pager shows "1,000+"). */
    capped: q.data?.pageParams?.totalCapped === true,
    loading: q.isFetching,
    /** The first load: nothing to show yet (the table shows a skeleton). */
    pending: q.isPending,
    error: q.isError ? failureText(q.error, "list") : null,
    refetch: q.refetch,
  };
}
const EMPTY: unknown[] = [];

function pageOf<K extends ListKey>(r: ReplyFor<K>): ListPage<ListRow<K>> {
  const rows = (r.dataList ?? []) as ListRow<K>[];
  return { rows, total: r.pageParams?.maxCount ?? rows.length, pageParams: r.pageParams };
}
