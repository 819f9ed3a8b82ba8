import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { TableState } from "./tableState.ts";
import type { TableActions } from "./useTableState.ts";
import { Button } from "../Button.tsx";
import { controlClass } from "../form/inputs.tsx";

/**
 * The search row above a list: a keyword box (Enter or 查询), the list's filters, and 重置. Filters
 * are the small components of filters.tsx; each reads and writes its key of the table state through
 * this bar, so a filter change lands in the address and sends the list back to page 1.
 */
type FilterContext = { value: (key: string) => string; set: (key: string, value: string) => void };
const Ctx = createContext<FilterContext | null>(null);

export function useFilter(key: string): [string, (value: string) => void] {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("filters belong inside <FilterBar>");
  return [ctx.value(key), (v) => ctx.set(key, v)];
}

type Props = { state: TableState; actions: TableActions; keyword?: { placeholder: string } | false; children?: ReactNode };

export function FilterBar({ state, actions, keyword = false, children }: Props) {
  const [draft, setDraft] = useState(state.keyword);
  useEffect(() => setDraft(state.keyword), [state.keyword]);
  const ctx: FilterContext = { value: (k) => state.filters[k] ?? "", set: (k, v) => actions.setFilter(k, v) };
  const reset = () => actions.update({ keyword: "", filters: Object.fromEntries(Object.keys(state.filters).map((k) => [k, undefined])) });

  return (
    <Ctx.Provider value={ctx}>
      <form
        role="search"
        noValidate
        className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded border border-slate-200 bg-white px-3 py-2"
        onSubmit={(e) => {
          e.preventDefault();
          actions.setKeyword(draft);
        }}
      >
        {children}
        {keyword && (
          <input type="search" aria-label="关键字" placeholder={keyword.placeholder} value={draft} onChange={(e) => setDraft(e.target.value)} className={`${controlClass} w-56`} />
        )}
        <div className="flex gap-2">
          {keyword && (
            <Button type="submit" variant="primary">
              查询
            </Button>
          )}
          <Button onClick={reset}>重置</Button>
        </div>
      </form>
    </Ctx.Provider>
  );
}

/** A labelled slot in the filter row. */
export function FilterItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <span className="shrink-0">{label}</span>
      {children}
    </div>
  );
}
