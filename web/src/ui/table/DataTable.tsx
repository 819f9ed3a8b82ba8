import { useEffect, useMemo, useRef } from "react";
import { columnVisibilityFeature, rowSelectionFeature, tableFeatures, useTable, type ColumnDef, type RowSelectionState, type Updater } from "@tanstack/react-table";
import { cellText, type Column } from "./columns.ts";
import type { SortOrder } from "../list/tableState.ts";
import type { Hidden } from "./useColumnVisibility.ts";
import { ErrorRow, EmptyRow, SkeletonRows } from "./DataTableStates.tsx";
import { heldColumns, useScrollEdges } from "./dataTableHeld.ts";
import { SortableHead } from "./SortableHead.tsx";

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

const apply = <S,>(u: Updater<S>, old: S): S => (typeof u === "function" ? (u as (o: S) => S)(old) : u);
const th = "sticky top-0 z-10 bg-slate-50 px-3 py-2 font-medium whitespace-nowrap shadow-[inset_0_-1px_0_var(--color-slate-200)]";
const alignClass = { left: "text-left", center: "text-center", right: "text-right" } as const;

/** The TanStack table over the caller's rows: its columns, the selection (kept by the caller as ids, in the order shown) and the hidden columns. */
function useListTable<T extends Row>({
  columns,
  rows,
  rowId,
  selectable,
  selected,
  onSelectedChange,
  hidden,
}: Pick<DataTableProps<T>, "columns" | "rows" | "rowId" | "selectable" | "onSelectedChange"> & { selected: string[]; hidden: Hidden }) {
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
  return table;
}

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
  const table = useListTable({ columns, rows, rowId, selectable, selected, onSelectedChange, hidden });

  const visible = table.getVisibleLeafColumns();
  const span = visible.length + (selectable ? 1 : 0);
  const body = table.getRowModel().rows;
  const byId = new Map(columns.map((c) => [c.id, c]));
  const { rightId, held, heldBox } = heldColumns(
    byId,
    visible.map((c) => c.id),
    selectable,
  );
  const { box, edges } = useScrollEdges();
  const skeleton = loading && !error && body.length === 0;

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
          <HeadRows table={table} byId={byId} selectable={selectable} held={held} heldBox={heldBox} sort={sort} onSortChange={onSortChange} />
        </thead>
        <tbody>
          {error ? (
            <ErrorRow span={span} error={error} onRetry={onRetry} />
          ) : skeleton ? (
            <SkeletonRows columnIds={visible.map((c) => c.id)} selectable={selectable} held={held} heldBox={heldBox} />
          ) : body.length === 0 ? (
            <EmptyRow span={span} text={emptyText} />
          ) : (
            <BodyRows table={table} byId={byId} selectable={selectable} rightId={rightId} held={held} heldBox={heldBox} />
          )}
        </tbody>
      </table>
      {loading && body.length > 0 && <div className="absolute inset-0 z-30 flex items-center justify-center bg-white/60 text-sm text-slate-500">正在读取数据…</div>}
    </div>
  );
}

type ListTable<T extends Row> = ReturnType<typeof useListTable<T>>;

/** The rows of a page: the selection box, then each shown cell (held, aligned, kept on one line as its column says). */
function BodyRows<T extends Row>({
  table,
  byId,
  selectable,
  rightId,
  held,
  heldBox,
}: {
  table: ListTable<T>;
  byId: Map<string, Column<T>>;
  selectable?: boolean;
  rightId?: string;
  held: (id: string, head: boolean) => string;
  heldBox: (head: boolean) => string;
}) {
  return table.getRowModel().rows.map((row) => (
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
  ));
}

/** The head rows: the select-all box (mixed while some of the page is selected), then each shown column's head, sortable ones as buttons. */
function HeadRows<T extends Row>({
  table,
  byId,
  selectable,
  held,
  heldBox,
  sort,
  onSortChange,
}: Pick<DataTableProps<T>, "selectable" | "sort" | "onSortChange"> & {
  table: ListTable<T>;
  byId: Map<string, Column<T>>;
  held: (id: string, head: boolean) => string;
  heldBox: (head: boolean) => string;
}) {
  const allRef = useRef<HTMLInputElement>(null);
  const some = table.getIsSomePageRowsSelected();
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = some;
  }, [some]);
  // Sorting is the server's: the sorted column is the one whose key the address names; a click on
  // it flips the order, a click on another column starts with the newest (largest) first.
  const sortKey = (c?: Column<T>) => (c?.sortable ? (c.sortKey ?? c.id) : undefined);
  const sortedBy = (c?: Column<T>) => (sort && sortKey(c) === sort.sort ? sort.order : undefined);
  return (
    <>
      {table.getHeaderGroups().map((g) => (
        <tr key={g.id} className="bg-slate-50 text-slate-600">
          {selectable && (
            <th className={`${th} ${heldBox(true)}`}>
              <input
                ref={allRef}
                type="checkbox"
                aria-label="全选"
                className="accent-blue-600"
                checked={table.getRowModel().rows.length > 0 && table.getIsAllPageRowsSelected()}
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
              <SortableHead
                key={h.id}
                header={col?.header}
                dir={dir}
                toggle={toggle}
                width={col?.width}
                className={`${th} ${alignClass[col?.align ?? "left"]} ${held(h.column.id, true)}`}
              />
            );
          })}
        </tr>
      ))}
    </>
  );
}
