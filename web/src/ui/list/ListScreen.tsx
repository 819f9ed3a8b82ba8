import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { Query } from "../../lib/api.ts";
import type { ListKey } from "../../lib/contract.ts";
import { useScreen } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import type { Column } from "../table/columns.ts";
import { DataTable, type Row } from "../table/DataTable.tsx";
import { Pager } from "../table/Pager.tsx";
import { ColumnPicker } from "../table/ColumnPicker.tsx";
import { FilterBar } from "./FilterBar.tsx";
import { Button } from "../Button.tsx";
import { Progress } from "../feedback/Progress.tsx";
import { exportXlsx } from "../table/exportXlsx.ts";
import { useLocalTableState, useTableState, type TableActions, type TableStateHook } from "./useTableState.ts";
import { useColumnVisibility } from "../table/useColumnVisibility.ts";
import { useListQuery, type ListRow } from "./useListQuery.ts";
import { ownDepartment, useCurrentUser } from "../useCurrentUser.ts";
import type { SortOrder, TableState, TableStateOptions } from "./tableState.ts";
import type { ListSpec } from "./listSpec.ts";

/**
 * A typical list screen, composed: filter bar, toolbar (the screen's actions, export, columns),
 * the table and the pager, all driven by the address. A screen gives the list's route (GET or POST,
 * typed by the route table), the columns, its filters and its buttons; `children` renders its
 * dialogs with the same context. The selection belongs to the page on screen: a new page, page
 * size, sort, keyword or filter starts with nothing selected, so a bulk action never sends ids
 * the user no longer sees. A table inside a dialog is the same list with `local`: its state is kept
 * in memory and leaves the screen's address alone; a list without paging (a hotel's rooms,
 * product types: the route answers every row) says `paged={false}` and shows them all, no pager.
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

/**
 * What the list reads: its route with the order and parameters, or the spec the screen registry
 * preloads it by (ui/list/listSpec.ts) — then the screen states them once, in the spec.
 */
type Source<K extends ListKey> =
  | { route: K; params?: Query; sort?: string; order?: SortOrder; filterKeys?: string[]; spec?: never }
  | { spec: ListSpec<K>; route?: never; params?: never; sort?: never; order?: never; filterKeys?: never };

type Props<K extends ListKey, T extends Row> = Source<K> & {
  /** Names the remembered column choice and the default export file. */
  tableId: string;
  /** The columns, or a builder given the rows read (a column may depend on the first row). */
  columns: Column<T>[] | ((rows: ListRow<K>[]) => Column<T>[]);
  /** What the table shows of the rows read (a tree flattened, say); the rows themselves by default. */
  display?: (rows: ListRow<K>[]) => T[];
  rowId?: (row: T) => string;
  /** The filter controls; their search keys are `filterKeys` (or the spec's). */
  filters?: ReactNode;
  /** The filter key of a store filter whose default is the user's own department (R028). */
  storeFilter?: string;
  keyword?: { placeholder: string } | false;
  selectable?: boolean;
  toolbar?: (ctx: ListContext<T>) => ReactNode;
  exportName?: string | false;
  children?: (ctx: ListContext<T>) => ReactNode;
  /** The table state lives in memory, not in the address: a list inside a dialog. */
  local?: boolean;
  /** false: a list without paging — the route answers every row at once; no pager. */
  paged?: false;
  /** Read again each time the list mounts, never from an earlier visit's cache (gcTime 0). */
  fresh?: boolean;
  /** The rows' scroll height; the window's less the frame by default, a dialog's own otherwise. */
  maxHeight?: string;
  /** What an empty table says ('暂无数据' by default). */
  emptyText?: string;
};
const NOTHING: string[] = [];
/**
 * The rows scroll inside the table under a sticky header, the filters and the pager staying in view:
 * the window less the frame's header, the title, the filter bar, the toolbar and the pager.
 */
const LIST_HEIGHT = "max(18rem, calc(100vh - 18rem))";

const defaultRowId = (row: unknown) => String((row as { id?: unknown }).id);

export function ListScreen<K extends ListKey, T extends Row = ListRow<K> & Row>(p: Props<K, T>) {
  return p.local ? <InMemory {...p} /> : <InAddress {...p} />;
}

function InAddress<K extends ListKey, T extends Row>(p: Props<K, T>) {
  const o = useStateOptions(p);
  return <ListBody {...p} table={useTableState(o.options)} userPending={o.userPending} />;
}

function InMemory<K extends ListKey, T extends Row>(p: Props<K, T>) {
  const o = useStateOptions(p);
  return <ListBody {...p} table={useLocalTableState(o.options)} userPending={o.userPending} />;
}

/** The table state's filters, defaults and order, wherever the state is kept. */
function useStateOptions<K extends ListKey, T extends Row>(p: Props<K, T>): { options: TableStateOptions; userPending: boolean } {
  const { sort, order } = p.spec ?? p;
  const ownFilters = (p.spec ?? p).filterKeys;
  const { data: me, isPending: userPending } = useCurrentUser();
  const storeDefault = p.storeFilter ? ownDepartment(me) : undefined;
  const filterKeys = useMemo(() => [...(ownFilters ?? []), ...(p.storeFilter ? [p.storeFilter] : [])], [ownFilters, p.storeFilter]);
  const options = {
    filters: filterKeys,
    filterDefaults: p.storeFilter && storeDefault !== undefined ? { [p.storeFilter]: storeDefault } : undefined,
    sort,
    order,
  };
  return { options, userPending };
}

/**
 * The selected row ids. The selection is tied to what the table state asks for: it is gone the moment
 * the page, size, sort, keyword or a filter changes, before the next page has even arrived.
 */
function useSelection(state: TableStateHook[0], rows: unknown): [string[], (ids: string[]) => void] {
  const asked = JSON.stringify([state.page, state.size, state.sort, state.order, state.keyword, state.filters]);
  const [selection, setSelection] = useState<{ asked: string; ids: string[] }>({ asked, ids: NOTHING });
  const selected = selection.asked === asked ? selection.ids : NOTHING;
  const setSelected = (ids: string[]) => setSelection({ asked, ids });
  // A reload (after a delete, say) starts with nothing selected too.
  useEffect(() => setSelection((s) => (s.ids.length ? { asked: s.asked, ids: NOTHING } : s)), [rows]);
  return [selected, setSelected];
}

function ListBody<K extends ListKey, T extends Row>(p: Props<K, T> & { table: TableStateHook; userPending: boolean }) {
  const { title, params: screenParams } = useScreen();
  const { route } = p.spec ?? p;
  const params = p.spec ? p.spec.params?.(screenParams) : p.params;
  const [state, actions] = p.table;
  // A store-limited list waits for the user, so it never asks first for every store.
  const list = useListQuery(route, state, { params, enabled: !p.storeFilter || !p.userPending, paged: p.paged !== false, fresh: p.fresh });
  const { display, columns: columnsOf } = p;
  const rows = useMemo(() => (display ? display(list.rows) : (list.rows as unknown as T[])), [display, list.rows]);
  const columns = useMemo(() => (typeof columnsOf === "function" ? columnsOf(list.rows) : columnsOf), [columnsOf, list.rows]);
  const [hidden, setHidden] = useColumnVisibility(p.tableId);
  const [exporting, setExporting] = useState(false);
  const rowId = p.rowId ?? defaultRowId;

  const [selected, setSelected] = useSelection(state, list.rows);

  // After deletes the current page can fall past the end: show the last page instead.
  const lastPage = p.paged === false ? 1 : Math.max(1, Math.ceil(list.total / state.size));
  useEffect(() => {
    if (!list.loading && !list.error && state.page > lastPage) actions.setPage(lastPage);
  }, [list.loading, list.error, state.page, lastPage, actions]);

  const ctx: ListContext<T> = {
    rows,
    selected,
    selectedRows: rows.filter((r) => selected.includes(rowId(r))),
    clearSelection: () => setSelected(NOTHING),
    refetch: () => void list.refetch(),
    state,
    actions,
  };

  async function download() {
    setExporting(true);
    try {
      const shown = columns.filter((c) => hidden[c.id] !== false);
      await exportXlsx(p.exportName || title || p.tableId, shown, rows);
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
          <Button onClick={download} busy={exporting} disabled={rows.length === 0}>
            导出
          </Button>
        )}
        <ColumnPicker columns={columns} hidden={hidden} onChange={setHidden} />
      </div>
      <DataTable
        columns={columns}
        rows={rows}
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
        maxHeight={p.maxHeight ?? LIST_HEIGHT}
        emptyText={p.emptyText}
      />
      {p.paged !== false && <Pager page={state.page} size={state.size} total={list.total} capped={list.capped} onPage={actions.setPage} onSize={actions.setSize} />}
      {p.children?.(ctx)}
    </div>
  );
}
