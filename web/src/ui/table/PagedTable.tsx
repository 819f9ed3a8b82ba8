import { useState } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { DataTable, type DataTableProps, type Row } from "./DataTable.tsx";
import { Pager } from "./Pager.tsx";
import { failureText } from "../feedback/failure.ts";
import type { PageParams } from "../../lib/api.ts";

/**
 * A paged list inside a dialog or a panel (a record's history, a page's form entries): the table
 * with its loading, failure and empty states over one read, and the pager under it. Screens of
 * their own use ListScreen; this is for lists that live inside something else.
 */
export function usePaging(initialSize = 20) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  return {
    page,
    size,
    onPage: setPage,
    onSize: (s: number) => {
      setSize(s);
      setPage(1);
    },
  };
}
type Paging = ReturnType<typeof usePaging>;

type Props<T extends Row> = Pick<DataTableProps<T>, "columns" | "rowId" | "emptyText" | "maxHeight"> & {
  query: UseQueryResult<{ dataList?: T[]; pageParams?: PageParams }>;
  paging: Paging;
};

export function PagedTable<T extends Row>({ query, paging, ...table }: Props<T>) {
  return (
    <div className="flex flex-col gap-2">
      <DataTable
        {...table}
        rows={query.data?.dataList ?? []}
        loading={query.isPending}
        error={query.isError ? failureText(query.error, "list") : null}
        onRetry={() => void query.refetch()}
      />
      <Pager
        page={paging.page}
        size={paging.size}
        total={query.data?.pageParams?.maxCount ?? 0}
        capped={!!query.data?.pageParams?.totalCapped}
        onPage={paging.onPage}
        onSize={paging.onSize}
      />
    </div>
  );
}
