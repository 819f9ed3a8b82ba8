import type { UseQueryResult } from "@tanstack/react-query";
import { failureText } from "../feedback/failure.ts";

/**
 * DataTable's props for an unpaged list read by useQuery (`<DataTable {...tableOf(q)} …/>`): its rows,
 * loading while it reads, the failure's desc or '读取出错' (R008) in place of rows, and a retry.
 */
export function tableOf<T>(q: Pick<UseQueryResult<T[]>, "data" | "isFetching" | "isError" | "error" | "refetch">) {
  return {
    rows: q.data ?? [],
    loading: q.isFetching,
    error: q.isError ? failureText(q.error, "list") : null,
    onRetry: () => void q.refetch(),
  };
}
