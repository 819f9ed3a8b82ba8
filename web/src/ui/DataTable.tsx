import { useEffect, useMemo, useRef } from "react";
import { columnVisibilityFeature, rowSelectionFeature, tableFeatures, useTable, type ColumnDef, type RowSelectionState, type Updater } from "@tanstack/react-table";
import { cellText, type Column } from "./columns.ts";
import type { SortOrder } from "./tableState.ts";
import type { Hidden } from "./useColumnVisibility.ts";
import { Button } from "./Button.tsx";

/**
 * The list table: an optional selection column, server-side sorting by the columns declared
 * sortable (their `sortKey`, else their id), hidden columns, and the loading ('正在读取数据…', R020),
 * empty and error states. Rows, sort and selection are owned by the caller (the server pages and
 * sorts; selection is a list of row ids). While the first page loads the table shows grey skeleton
 * rows in its real columns, so the page does not jump when the rows arrive; with `maxHeight` the
 * body scrolls under a sticky header.
 */
const features = tableFeatures({ rowSelectionFeature, columnVisibilityFeature });
type F = typeof features;
/** Rows are records (TanStack's RowData). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row of any list; a screen narrows it by its route's row type
export type Row = Record<string, any>;

export type DataTableProps<T extends Row> = {
  columns: Column<T>[];
  rows: T[];
  rowId: (row: T) => string;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  selectable?: boolean;
  selected?: string[];
  onSelectedChange?: (ids: string[]) => void;
  sort?: { sort: string; order: SortOrder };
  onSortChange?: (sort: string, order: SortOrder) => void;
  hidden?: Hidden;
  emptyText?: string;
  /** Scrolls the rows inside the table under a sticky header (a CSS length). */
  maxHeight?: string;
};

/** Rows of the skeleton shown while the first page loads. */
export const SKELETON_ROWS = 8;
/** Widths of the skeleton bars, varied so it reads as text. */
const BAR = ["w-3/4", "w-1/2", "w-2/3", "w-5/6"];

const apply = <S,>(u: Updater<S>, old: S): S => (typeof u === "function" ? (u as (o: S) => S)(old) : u);
const alignClass = { left: "text-left", center: "text-center", right: "text-right" } as const;

export function DataTable<T extends Row>({
  columns,
  rows,
  rowId,
  loading,
  error,
  onRetry,
  selectable,
  selected = [],
  onSelectedChange,
  sort,
  onSortChange,
  hidden = {},
  emptyText = "暂无数据",
  maxHeight,
}: DataTableProps<T>) {
  const defs = useMemo<ColumnDef<F, T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: T) => cellText(c, row) ?? "",
        cell: ({ row }: { row: { original: T } }) => (c.cell ? c.cell(row.original) : cellText(c, row.original)),
        enableHiding: c.hideable !== false,
      })) as ColumnDef<F, T>[],
    [columns],
  );
  const rowSelection = useMemo<RowSelectionState>(() => Object.fromEntries(selected.map((id) => [id, true as const])), [selected]);

  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row: T) => rowId(row),
    state: { rowSelection, columnVisibility: hidden },
    enableRowSelection: !!selectable,
    onRowSelectionChange: (u: Updater<RowSelectionState>) => {
      const next = apply(u, rowSelection);
      // In the order the rows are shown (object keys would put numeric ids in ascending order).
      const onPage = rows.map(rowId);
      const elsewhere = selected.filter((id) => !onPage.includes(id) && next[id]);
      onSelectedChange?.([...elsewhere, ...onPage.filter((id) => next[id])]);
    },
  });

  const allRef = useRef<HTMLInputElement>(null);
  const some = table.getIsSomePageRowsSelected();
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = some;
  }, [some]);

  const visible = table.getVisibleLeafColumns();
  const span = visible.length + (selectable ? 1 : 0);
  const body = table.getRowModel().rows;
  const byId = new Map(columns.map((c) => [c.id, c]));
  // Sorting is the server's: the sorted column is the one whose key the address names; a click on
  // it flips the order, a click on another column starts with the newest (largest) first.
  const sortKey = (c?: Column<T>) => (c?.sortable ? (c.sortKey ?? c.id) : undefined);
  const sortedBy = (c?: Column<T>) => (sort && sortKey(c) === sort.sort ? sort.order : undefined);
  const skeleton = loading && !error && body.length === 0;
  const th = "sticky top-0 z-10 bg-slate-50 px-3 py-2 font-medium whitespace-nowrap shadow-[inset_0_-1px_0_var(--color-slate-200)]";

  return (
    // Focusable, so a table wider or taller than its box scrolls by keyboard even when its rows hold no control (axe scrollable-region-focusable).
    <div
      tabIndex={0}
      className="relative overflow-auto rounded border border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400"
      style={maxHeight ? { maxHeight } : undefined}
      aria-busy={loading || undefined}
    >
      <table className="w-full border-separate border-spacing-0 text-sm [&>tbody>tr:last-child>td]:border-b-0">
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id} className="bg-slate-50 text-slate-600">
              {selectable && (
                <th className={`${th} w-10`}>
                  <input
                    ref={allRef}
                    type="checkbox"
                    aria-label="全选"
                    className="accent-blue-600"
                    checked={body.length > 0 && table.getIsAllPageRowsSelected()}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                  />
                </th>
              )}
              {g.headers.map((h) => {
                const col = byId.get(h.column.id);
                const key = sortKey(col);
                const dir = sortedBy(col);
                const toggle = key && onSortChange ? () => onSortChange(key, dir === "desc" ? "asc" : "desc") : undefined;
                return (
                  <th
                    key={h.id}
                    style={col?.width ? { width: col.width, minWidth: col.width } : undefined}
                    aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined}
                    className={`${th} ${alignClass[col?.align ?? "left"]}`}
                  >
                    {toggle ? (
                      <button
                        type="button"
                        onClick={toggle}
                        title={dir === "desc" ? "点击升序" : "点击降序"}
                        className="inline-flex items-center gap-1 rounded hover:text-blue-600 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
                      >
                        {col?.header}
                        <span aria-hidden className={`text-[10px] ${dir ? "text-blue-600" : "text-slate-300"}`}>
                          {dir === "asc" ? "▲" : dir === "desc" ? "▼" : "▲▼"}
                        </span>
                      </button>
                    ) : (
                      col?.header
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {error ? (
            <tr>
              <td colSpan={span} className="px-3 py-10 text-center text-red-600">
                <span role="alert">{error}</span>
                {onRetry && (
                  <Button size="sm" className="ml-3" onClick={onRetry}>
                    重试
                  </Button>
                )}
              </td>
            </tr>
          ) : skeleton ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <tr key={i} data-skeleton className="border-b border-slate-100">
                {selectable && <td className="px-3 py-2.5" />}
                {visible.map((c, j) => (
                  <td key={c.id} className="px-3 py-2.5">
                    {/* The notice is read out once; the bars are decoration. */}
                    {i === 0 && j === 0 && (
                      <span role="status" className="sr-only">
                        正在读取数据…
                      </span>
                    )}
                    <span aria-hidden className={`block h-3.5 animate-pulse rounded bg-slate-200/80 ${BAR[(i + j) % BAR.length]}`} />
                  </td>
                ))}
              </tr>
            ))
          ) : body.length === 0 ? (
            <tr>
              <td colSpan={span} className="px-3 py-10 text-center text-slate-400">
                {emptyText}
              </td>
            </tr>
          ) : (
            body.map((row) => (
              <tr key={row.id} aria-selected={selectable ? row.getIsSelected() : undefined} className="hover:bg-blue-50/40 aria-selected:bg-blue-50">
                {selectable && (
                  <td className="border-b border-slate-100 px-3 py-2">
                    <input type="checkbox" aria-label="选择" className="accent-blue-600" checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
                  </td>
                )}
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`border-b border-slate-100 px-3 py-2 text-slate-700 ${alignClass[byId.get(cell.column.id)?.align ?? "left"]} ${byId.get(cell.column.id)?.nowrap ? "whitespace-nowrap" : ""}`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {loading && body.length > 0 && <div className="absolute inset-0 flex items-center justify-center bg-white/60 text-sm text-slate-500">正在读取数据…</div>}
    </div>
  );
}
