import { useCallback, useMemo, useState } from "react";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { readTableState, writeTableState, type TablePatch, type TableState, type TableStateOptions } from "./tableState.ts";

export type TableActions = {
  update: (patch: TablePatch) => void;
  setPage: (page: number) => void;
  setSize: (size: number) => void;
  setSort: (sort: string, order: TableState["order"]) => void;
  setKeyword: (keyword: string) => void;
  setFilter: (key: string, value: string | undefined) => void;
};
export type TableStateHook = [TableState, TableActions];

function actions(update: (patch: TablePatch) => void): TableActions {
  return {
    update,
    setPage: (page) => update({ page }),
    setSize: (size) => update({ size }),
    setSort: (sort, order) => update({ sort, order }),
    setKeyword: (keyword) => update({ keyword }),
    setFilter: (key, value) => update({ filters: { [key]: value } }),
  };
}

/** Screens pass the options inline: the same options by value are the same object (plain data only). */
function useStableOptions(o: TableStateOptions): TableStateOptions {
  const key = JSON.stringify(o);
  return useMemo(() => JSON.parse(key) as TableStateOptions, [key]);
}

/** The list's state in the current route's search params (a link or a refresh shows the same page). */
export function useTableState(o: TableStateOptions = {}): TableStateHook {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const opts = useStableOptions(o);
  const state = useMemo(() => readTableState(search, opts), [search, opts]);
  const update = useCallback(
    (patch: TablePatch) => void navigate({ to: ".", search: ((prev: Record<string, unknown>) => writeTableState(prev, patch, opts)) as never }),
    [navigate, opts],
  );
  return [state, useMemo(() => actions(update), [update])];
}

/** The same state kept in memory, for a table inside a dialog whose state must not touch the address. */
export function useLocalTableState(o: TableStateOptions = {}): TableStateHook {
  const [search, setSearch] = useState<Record<string, string>>({});
  const opts = useStableOptions(o);
  const state = useMemo(() => readTableState(search, opts), [search, opts]);
  const update = useCallback((patch: TablePatch) => setSearch((prev) => writeTableState(prev, patch, opts)), [opts]);
  return [state, useMemo(() => actions(update), [update])];
}
