import type { SortOrder } from "../list/tableState.ts";

/**
 * A column's head. Sorting is the server's: a sortable column's head is a button (`toggle`) that
 * flips the order when the column is the sorted one and otherwise starts with the newest first;
 * `dir` marks the sorted column's order with an arrow and aria-sort.
 */
export function SortableHead({ header, dir, toggle, width, className }: { header?: string; dir?: SortOrder; toggle?: () => void; width?: string | number; className: string }) {
  return (
    <th style={width ? { width, minWidth: width } : undefined} aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined} className={className}>
      {toggle ? (
        <button
          type="button"
          onClick={toggle}
          title={dir === "desc" ? "点击升序" : "点击降序"}
          className="inline-flex items-center gap-1 rounded hover:text-blue-600 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
        >
          {header}
          <span aria-hidden className={`text-[10px] ${dir ? "text-blue-600" : "text-slate-300"}`}>
            {dir === "asc" ? "▲" : dir === "desc" ? "▼" : "▲▼"}
          </span>
        </button>
      ) : (
        header
      )}
    </th>
  );
}
