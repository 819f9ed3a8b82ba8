import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Query } from "../../lib/api.ts";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { unwrap } from "../../lib/query.ts";
import { failureText } from "../../ui/failure.ts";
import { listParams, type TableState } from "../../ui/tableState.ts";

/**
 * A paged list read by POST (hotel/hotellist is a POST in the spec, §7); the shared useListQuery
 * reads by GET only. Same contract: rows, total, loading, error, refetch.
 */
export function usePostList<T>(path: string, state: TableState, params: Query = {}) {
  const api = useApi();
  const { functionId } = useScreen();
  const body = { ...listParams(state), ...params };
  const q = useQuery({
    queryKey: [path, functionId, body],
    queryFn: async () => {
      const r = await unwrap(api.post<T>(path, body), "list");
      const rows = r.dataList ?? [];
      return { rows, total: r.pageParams?.maxCount ?? rows.length };
    },
    placeholderData: keepPreviousData,
  });
  return {
    rows: q.data?.rows ?? ([] as T[]),
    total: q.data?.total ?? 0,
    loading: q.isFetching,
    error: q.isError ? failureText(q.error, "list") : null,
    refetch: () => void q.refetch(),
  };
}
