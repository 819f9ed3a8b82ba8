import { useEffect, useMemo, useRef } from "react";
import {
  columnVisibilityFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { cellText, type Column } from "./columns.ts";
import type { SortOrder } from "./tableState.ts";
import type { Hidden } from "./useColumnVisibility.ts";
import { Button } from "./Button.tsx";

/**
 * The list table: an optional selection column, server-side sorting by column id, hidden columns,
 * and the loading ('正在读取数据…', R020), empty and error states. Rows, sort and selection are
 * owned by the caller (the server pages and sorts; selection is a list of row ids).
 */
const features = tableFeatures({ rowSelectionFeature, rowSortingFeature, columnVisibilityFeature });
type F = typeof features;
/** Rows are records (TanStack's RowData). */
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
};

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
}: DataTableProps<T>) {
  const defs = useMemo<ColumnDef<F, T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: T) => cellText(c, row) ?? "",
        cell: ({ row }: { row: { original: T } }) => (c.cell ? c.cell(row.original) : cellText(c, row.original)),
        enableSorting: !!c.sortable,
        enableHiding: c.hideable !== false,
      })) as ColumnDef<F, T>[],
    [columns],
  );
  const rowSelection = useMemo<RowSelectionState>(() => Object.fromEntries(selected.map((id) => [id, true as const])), [selected]);
  const sorting = useMemo<SortingState>(() => (sort ? [{ id: sort.sort, desc: sort.order === "desc" }] : []), [sort]);

  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row: T) => rowId(row),
    state: { rowSelection, sorting, columnVisibility: hidden },
    enableRowSelection: !!selectable,
    onRowSelectionChange: (u: Updater<RowSelectionState>) => {
      const next = apply(u, rowSelection);
      // In the order the rows are shown (object keys would put numeric ids in ascending order).
      const onPage = rows.map(rowId);
      const elsewhere = selected.filter((id) => !onPage.includes(id) && next[id]);
      onSelectedChange?.([...elsewhere, ...onPage.filter((id) => next[id])]);
    },
    manualSorting: true,
    enableSortingRemoval: false,
    onSortingChange: (u: Updater<SortingState>) => {
      const next = apply(u, sorting)[0];
      if (next) onSortChange?.(next.id, next.desc ? "desc" : "asc");
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

  return (
    <div className="relative overflow-x-auto rounded border border-slate-200 bg-white" aria-busy={loading || undefined}>
      <table className="w-full border-collapse text-sm">
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id} className="bg-slate-50 text-slate-600">
              {selectable && (
                <th className="w-10 border-b border-slate-200 px-3 py-2">
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
                const dir = h.column.getIsSorted();
                const toggle = h.column.getCanSort() ? h.column.getToggleSortingHandler() : undefined;
                return (
                  <th
                    key={h.id}
                    style={col?.width ? { width: col.width } : undefined}
                    aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined}
                    className={`border-b border-slate-200 px-3 py-2 font-medium whitespace-nowrap ${alignClass[col?.align ?? "left"]}`}
                  >
                    {toggle ? (
                      <button type="button" onClick={toggle} className="inline-flex items-center gap-1 hover:text-blue-600">
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
          ) : body.length === 0 ? (
            <tr>
              <td colSpan={span} className="px-3 py-10 text-center text-slate-400">
                {loading ? "正在读取数据…" : emptyText}
              </td>
            </tr>
          ) : (
            body.map((row) => (
              <tr
                key={row.id}
                aria-selected={selectable ? row.getIsSelected() : undefined}
                className="border-b border-slate-100 last:border-0 hover:bg-blue-50/40 aria-selected:bg-blue-50"
              >
                {selectable && (
                  <td className="px-3 py-2">
                    <input type="checkbox" aria-label="选择" className="accent-blue-600" checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
                  </td>
                )}
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-3 py-2 text-slate-700 ${alignClass[byId.get(cell.column.id)?.align ?? "left"]} ${byId.get(cell.column.id)?.nowrap ? "whitespace-nowrap" : ""}`}
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
