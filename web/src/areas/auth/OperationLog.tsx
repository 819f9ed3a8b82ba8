import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import type { ReplyFor } from "../../lib/contract.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { FilterSelect } from "../../ui/list/filters.tsx";
import type { Column } from "../../ui/table/columns.ts";
import type { Option } from "../../ui/form/inputs.tsx";
import { OPLOG_LIST, authQueries, type OpLogRow } from "./authQueries.ts";

/** What the entry did, as staff say it; an entry older than the labels falls back to its route. */
const actionText = (r: OpLogRow) => r.action || `${r.method} ${r.route}`;
/** The records acted on: the ids the entry stores. */
const recordText = (r: OpLogRow) => (r.ids ? r.ids.split(",").join("、") : "—");

/** The areas as the menu names them: the top-level folders of type/list. */
function modulesOf(r: ReplyFor<"GET /gateway/api/manage/type/list">): Option[] {
  const seen = new Map<string, string>();
  for (const f of r.dataList ?? []) if (f.module && !seen.has(f.module)) seen.set(f.module, f.typename);
  return [...seen].map(([value, label]) => ({ value, label }));
}

function useModuleOptions() {
  return useQuery({ ...authQueries.menu(api), select: modulesOf, staleTime: 10 * 60_000 });
}

const columns = (moduleName: (m: string) => string): Column<OpLogRow>[] => [
  { id: "id", header: "ID", sortable: true, width: 80, nowrap: true },
  { id: "who", header: "操作人", text: (r) => (r.realname ? `${r.realname}（${r.username}）` : r.username) },
  { id: "createTime", header: "操作时间", nowrap: true },
  { id: "module", header: "模块", text: (r) => moduleName(r.module ?? "") },
  { id: "functionName", header: "功能", text: (r) => r.functionName || "—" },
  {
    id: "action",
    header: "操作",
    nowrap: true,
    cell: (r) =>
      r.action ? (
        <span title={`${r.method} ${r.route}`}>
          {r.action}
          {r.detail && <span className="ml-1 text-xs text-slate-500">（{r.detail}）</span>}
        </span>
      ) : (
        <code className="text-xs text-slate-600">{r.route}</code>
      ),
    text: actionText,
  },
  { id: "ids", header: "操作对象ID", text: recordText },
  { id: "ip", header: "IP地址", nowrap: true },
];

/**
 * /oplog: who changed what and when — every successful write of the console, newest first, from the
 * foundation's operation log (oplog/list). Filter by the area ("module") the function belongs to.
 */
export default function OperationLog() {
  const { data: modules = [] } = useModuleOptions();
  const cols = useMemo(() => {
    const names = new Map(modules.map((m) => [String(m.value), m.label]));
    return columns((m) => names.get(m) ?? (m || "—"));
  }, [modules]);
  return (
    <ListScreen
      tableId="oplog"
      route={OPLOG_LIST}
      columns={cols}
      filterKeys={["module"]}
      filters={<FilterSelect name="module" label="模块" options={modules} />}
      exportName="操作日志"
    />
  );
}
