import { useState, type ReactNode } from "react";
import type { GetKey, InputFor, RowOf } from "../lib/contract.ts";
import { Loaded, More } from "./parts.tsx";
import { useMemberRead } from "./queries.ts";

/**
 * A list as a phone reads it: the first page, then 加载更多 under it for the next (one read of
 * the pages so far, so the list never jumps). `filters` are the route's other inputs; a change of
 * them starts again at the first page.
 */
type Filters<K extends GetKey> = Omit<InputFor<K>, "currentPage" | "pageSize">;

export function PagedList<K extends GetKey>({
  route,
  filters,
  pageSize = 10,
  empty,
  className,
  item,
}: {
  route: K;
  filters: Filters<K>;
  pageSize?: number;
  empty: string;
  className?: string;
  item: (row: RowOf<K>) => ReactNode;
}) {
  const [shown, setShown] = useState({ filters, pages: 1 });
  // New filters: back to the first page (compared by value, as the query key is).
  const pages = JSON.stringify(shown.filters) === JSON.stringify(filters) ? shown.pages : 1;
  // The route's own paging fields beside its filters: the one place the member H5 builds a list's input.
  const input = { ...filters, currentPage: 1, pageSize: pageSize * pages } as InputFor<K>;
  const list = useMemberRead(route, input);
  return (
    <Loaded query={list} empty={empty} isEmpty={(r) => !r.dataList?.length}>
      {(r) => (
        <>
          <ul className={className}>{(r.dataList ?? []).map(item)}</ul>
          <More page={pages} pageSize={pageSize} total={r.pageParams?.maxCount ?? 0} onMore={() => setShown({ filters, pages: pages + 1 })} />
        </>
      )}
    </Loaded>
  );
}
