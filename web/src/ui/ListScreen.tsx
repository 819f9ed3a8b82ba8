import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { Query } from "../lib/api.ts";
import { useScreen } from "../lib/screen.tsx";
import { toast } from "../lib/toast.ts";
import type { Column } from "./columns.ts";
import { DataTable, type Row } from "./DataTable.tsx";
import { Pager } from "./Pager.tsx";
import { ColumnPicker } from "./ColumnPicker.tsx";
import { FilterBar } from "./FilterBar.tsx";
import { Button } from "./Button.tsx";
import { Progress } from "./Progress.tsx";
import { exportXlsx } from "./exportXlsx.ts";
import { useTableState, type TableActions } from "./useTableState.ts";
import { useColumnVisibility } from "./useColumnVisibility.ts";
import { useListQuery } from "./useListQuery.ts";
import { ownDepartment, useCurrentUser } from "./useCurrentUser.ts";
import type { SortOrder, TableState } from "./tableState.ts";

/**
 * A typical list screen, composed: filter bar, toolbar (the screen's actions, export, columns),
 * the table and the pager, all driven by the address. A screen gives the list path, the columns,
 * its filters and its buttons; `children` renders its dialogs with the same context.
 */
export type ListContext<T> = {
  rows: T[];
  selected: string[];
  selectedRows: T[];
  clearSelection: () => void;
  refetch: () => void;
  state: TableState;
  actions: TableActions;
};

type Props<T extends Row> = {
  /** Names the remembered column choice and the default export file. */
  tableId: string;
  path: string;
  params?: Query;
  columns: Column<T>[];
  rowId?: (row: T) => string;
  /** Search keys used as filters (the controls go in `filters`). */
  filterKeys?: string[];
  filters?: ReactNode;
  /** The filter key of a store filter whose default is the user's own department (R028). */
  storeFilter?: string;
  keyword?: { placeholder: string } | false;
  sort?: string;
  order?: SortOrder;
  selectable?: boolean;
  toolbar?: (ctx: ListContext<T>) => ReactNode;
  exportName?: string | false;
  children?: (ctx: ListContext<T>) => ReactNode;
};

const defaultRowId = (row: unknown) => String((row as { id?: unknown }).id);

export function ListScreen<T extends Row>(p: Props<T>) {
  const { title } = useScreen();
  const { data: me, isPending: userPending } = useCurrentUser();
  const storeDefault = p.storeFilter ? ownDepartment(me) : undefined;
  const filterKeys = useMemo(() => [...(p.filterKeys ?? []), ...(p.storeFilter ? [p.storeFilter] : [])], [p.filterKeys, p.storeFilter]);
  const [state, actions] = useTableState({
    filters: filterKeys,
    filterDefaults: p.storeFilter && storeDefault !== undefined ? { [p.storeFilter]: storeDefault } : undefined,
    sort: p.sort,
    order: p.order,
  });
  // A store-limited list waits for the user, so it never asks first for every store.
  const list = useListQuery<T>(p.path, state, { params: p.params, enabled: !p.storeFilter || !userPending });
  const [hidden, setHidden] = useColumnVisibility(p.tableId);
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const rowId = p.rowId ?? defaultRowId;

  // A new page, filter or reload starts with nothing selected.
  useEffect(() => setSelected([]), [list.rows]);

  // After deletes the current page can fall past the end: show the last page instead.
  const lastPage = Math.max(1, Math.ceil(list.total / state.size));
  useEffect(() => {
    if (!list.loading && !list.error && state.page > lastPage) actions.setPage(lastPage);
  }, [list.loading, list.error, state.page, lastPage, actions]);

  const ctx: ListContext<T> = {
    rows: list.rows,
    selected,
    selectedRows: list.rows.filter((r) => selected.includes(rowId(r))),
    clearSelection: () => setSelected([]),
    refetch: () => void list.refetch(),
    state,
    actions,
  };

  async function download() {
    setExporting(true);
    try {
      const shown = p.columns.filter((c) => hidden[c.id] !== false);
      await exportXlsx(p.exportName || title || p.tableId, shown, list.rows);
    } catch (e) {
      toast.warning(`导出失败：${(e as Error).message}`);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      {(p.keyword || p.filters) && (
        <FilterBar state={state} actions={actions} keyword={p.keyword}>
          {p.filters}
        </FilterBar>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex flex-1 flex-wrap items-center gap-2">{p.toolbar?.(ctx)}</div>
        {exporting && (
          <div className="w-40">
            <Progress label="正在导出" />
          </div>
        )}
        {p.exportName !== false && (
          <Button onClick={download} busy={exporting} disabled={list.rows.length === 0}>
            导出
          </Button>
        )}
        <ColumnPicker columns={p.columns} hidden={hidden} onChange={setHidden} />
      </div>
      <DataTable
        columns={p.columns}
        rows={list.rows}
        rowId={rowId}
        loading={list.loading}
        error={list.error}
        onRetry={ctx.refetch}
        selectable={p.selectable}
        selected={selected}
        onSelectedChange={setSelected}
        sort={{ sort: state.sort, order: state.order }}
        onSortChange={actions.setSort}
        hidden={hidden}
      />
      <Pager page={state.page} size={state.size} total={list.total} onPage={actions.setPage} onSize={actions.setSize} />
      {p.children?.(ctx)}
    </div>
  );
}
