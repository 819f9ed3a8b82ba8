import { useCallback, useEffect, useMemo, useRef } from "react";
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
 * body scrolls under a sticky header. A table wider than its box scrolls sideways inside it (never
 * the page) with its first column (and the selection boxes) held at the left and its 操作 column
 * held at the right, so a row's name and its actions stay in view (columns.ts `pin`); a shadow
 * marks a held column's edge while rows pass under it.
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

/** Is this column the table's action column (held at the right by default)? */
const isActions = <T,>(c: Column<T>) => c.id === "actions" || c.header === "操作";

/*
 * Held columns. The scroll box says which side has rows hidden under a held column (`data-before`:
 * scrolled away from the start, `data-after`: more to the right), and the held column shows a
 * shadow on that edge. A held cell is opaque (the row's hover and selection colours, mixed solid).
 */
const HELD_HEAD = "sticky z-20";
const HELD_CELL = "sticky z-[1] bg-white group-hover/row:bg-[color-mix(in_oklab,var(--color-blue-50)_40%,white)] group-aria-selected/row:bg-blue-50";
const EDGE_LEFT_HEAD = "group-data-[before]/scroll:shadow-[inset_0_-1px_0_var(--color-slate-200),6px_0_6px_-6px_rgb(0_0_0/0.25)]";
const EDGE_RIGHT_HEAD = "group-data-[after]/scroll:shadow-[inset_0_-1px_0_var(--color-slate-200),-6px_0_6px_-6px_rgb(0_0_0/0.25)]";
const EDGE_LEFT = "group-data-[before]/scroll:shadow-[6px_0_6px_-6px_rgb(0_0_0/0.25)]";
const EDGE_RIGHT = "group-data-[after]/scroll:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)]";

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
  // The first shown column is held at the left (after the selection boxes, which are 2.5rem wide),
  // the last at the right when it is the actions' (or says so).
  const first = byId.get(visible[0]?.id ?? "");
  const last = visible.length > 1 ? byId.get(visible[visible.length - 1].id) : undefined;
  const leftId = first && first.pin !== false && first.pin !== "right" ? first.id : undefined;
  const rightId = last && (last.pin === "right" || (last.pin === undefined && isActions(last))) ? last.id : undefined;
  const held = (id: string, head: boolean) =>
    id === leftId
      ? `${head ? `${HELD_HEAD} ${EDGE_LEFT_HEAD} bg-slate-50` : `${HELD_CELL} ${EDGE_LEFT}`} ${selectable ? "left-10" : "left-0"}`
      : id === rightId
        ? `${head ? `${HELD_HEAD} ${EDGE_RIGHT_HEAD} bg-slate-50` : `${HELD_CELL} ${EDGE_RIGHT}`} right-0`
        : "";
  const heldBox = (head: boolean) => (leftId ? `w-10 min-w-10 max-w-10 left-0 ${head ? HELD_HEAD : HELD_CELL}` : "w-10");

  // Which edges have rows hidden under a held column: set on the box itself, no render needed.
  const box = useRef<HTMLDivElement>(null);
  const edges = useCallback(() => {
    const el = box.current;
    if (!el) return;
    el.toggleAttribute("data-before", el.scrollLeft > 0);
    el.toggleAttribute("data-after", el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  }, []);
  useEffect(() => {
    const el = box.current;
    edges();
    if (!el || typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(edges);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, [edges]);
  // Sorting is the server's: the sorted column is the one whose key the address names; a click on
  // it flips the order, a click on another column starts with the newest (largest) first.
  const sortKey = (c?: Column<T>) => (c?.sortable ? (c.sortKey ?? c.id) : undefined);
  const sortedBy = (c?: Column<T>) => (sort && sortKey(c) === sort.sort ? sort.order : undefined);
  const skeleton = loading && !error && body.length === 0;
  const th = "sticky top-0 z-10 bg-slate-50 px-3 py-2 font-medium whitespace-nowrap shadow-[inset_0_-1px_0_var(--color-slate-200)]";

  return (
    // Focusable, so a table wider or taller than its box scrolls by keyboard even when its rows hold no control (axe scrollable-region-focusable).
    <div
      ref={box}
      tabIndex={0}
      onScroll={edges}
      className="group/scroll relative overflow-auto rounded border border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400"
      style={maxHeight ? { maxHeight } : undefined}
      aria-busy={loading || undefined}
    >
      <table className="w-full border-separate border-spacing-0 text-sm [&>tbody>tr:last-child>td]:border-b-0">
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id} className="bg-slate-50 text-slate-600">
              {selectable && (
                <th className={`${th} ${heldBox(true)}`}>
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
                    className={`${th} ${alignClass[col?.align ?? "left"]} ${held(h.column.id, true)}`}
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
                {selectable && <td className={`px-3 py-2.5 ${heldBox(false)}`} />}
                {visible.map((c, j) => (
                  <td key={c.id} className={`px-3 py-2.5 ${held(c.id, false)}`}>
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
              <tr key={row.id} aria-selected={selectable ? row.getIsSelected() : undefined} className="group/row hover:bg-blue-50/40 aria-selected:bg-blue-50">
                {selectable && (
                  <td className={`border-b border-slate-100 px-3 py-2 ${heldBox(false)}`}>
                    <input type="checkbox" aria-label="选择" className="accent-blue-600" checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
                  </td>
                )}
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`border-b border-slate-100 px-3 py-2 text-slate-700 ${alignClass[byId.get(cell.column.id)?.align ?? "left"]} ${byId.get(cell.column.id)?.nowrap || cell.column.id === rightId ? "whitespace-nowrap" : ""} ${held(cell.column.id, false)}`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {loading && body.length > 0 && <div className="absolute inset-0 z-30 flex items-center justify-center bg-white/60 text-sm text-slate-500">正在读取数据…</div>}
    </div>
  );
}
