import { Link } from "@tanstack/react-router";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { RowOf } from "../../../lib/contract.ts";
import { unwrap } from "../../../lib/query.ts";
import { screenLink, screenTo, type MenuEntry } from "../../menu.ts";
import { Card } from "./Card.tsx";

const TODOS = "GET /gateway/api/manage/workbench/todos";
export type Todo = RowOf<typeof TODOS>;

/** The signed-in user's to-dos: any staff session, no function header (the server counts by the session's rights and reach). */
const todosQuery = queryOptions({
  queryKey: [TODOS, api.functionKey, {}] as const,
  queryFn: async (): Promise<Todo[]> => (await unwrap(api.call(TODOS, {}), "list")).dataList ?? [],
  // Counts move with other people's work: a return to the home page shows them fresh.
  staleTime: 30_000,
});

/** Where a to-do opens: the user's own menu entry of its function, with the list's filter on top of the entry's parameters. */
function todoLink(todo: Pick<Todo, "functionId" | "filter">, entry: Pick<MenuEntry, "id" | "path" | "params">) {
  const { splat, search } = screenLink(entry);
  return { to: screenTo(splat), search: { ...search, ...todo.filter } };
}

/**
 * 待办事项: each count of the user's functions (orders to review, refunds, gifts, purchases at their
 * review stage, invitations, goods orders, failed pushes) as a link to the list it counts. A to-do whose
 * function is not in the user's menu is left out; one without a kept count (an "only self" list) shows
 * its link alone.
 */
export function Todos({ entries }: { entries: MenuEntry[] }) {
  const todos = useQuery(todosQuery);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const shown = (todos.data ?? []).flatMap((t) => {
    const entry = byId.get(t.functionId);
    return entry ? [{ todo: t, entry }] : [];
  });
  const waiting = shown.reduce((s, { todo }) => s + (todo.count ?? 0), 0);
  return (
    <Card title={todos.data ? `待办事项（${waiting}）` : "待办事项"} className="lg:col-span-3">
      {todos.isPending ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" aria-busy="true" aria-label="待办事项加载中">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="h-[62px] animate-pulse rounded border border-slate-100 bg-slate-50" />
          ))}
        </ul>
      ) : todos.isError ? (
        <p className="py-2 text-sm text-slate-500">待办事项暂时无法读取，请稍后刷新页面。</p>
      ) : shown.length === 0 ? (
        <p className="py-2 text-sm text-slate-500">你的功能没有需要处理的待办事项。</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          {shown.map(({ todo, entry }) => {
            const link = todoLink(todo, entry);
            const busy = (todo.count ?? 0) > 0;
            return (
              <li key={todo.key}>
                <Link
                  to={link.to}
                  search={link.search}
                  title={`${entry.folder} / ${entry.typename}`}
                  className={`block rounded border px-3 py-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${busy ? "border-amber-200 bg-amber-50/60 hover:border-amber-400" : "border-slate-200 hover:border-blue-400 hover:bg-blue-50/50"}`}
                >
                  <span className={`block text-xl font-semibold tabular-nums ${busy ? "text-amber-700" : "text-slate-500"}`}>{todo.count ?? "—"}</span>
                  <span className="block truncate text-xs text-slate-600">{todo.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
