import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { api, type Envelope } from "../../lib/api.ts";
import { routeQuery } from "../../lib/routeQuery.ts";
import type { ListKey } from "../../lib/contract.ts";
import { ListScreen } from "../../ui/ListScreen.tsx";
import { FilterSelect } from "../../ui/filters.tsx";
import type { Column } from "../../ui/columns.ts";
import type { Option } from "../../ui/form/inputs.tsx";

/**
 * /oplog: who changed what and when — every successful write of the console, newest first, from the
 * foundation's operation log (oplog/list). Filter by the area ("module") the function belongs to.
 * oplog/list and type/list are still LEGACY routes (no reply type yet): their rows are typed here
 * until the auth and platform routes declare them; then these two types go.
 */
export type OpLogRow = {
  id: number;
  userId: number;
  username: string;
  realname: string;
  functionId: number;
  functionName: string;
  module: string;
  method: string;
  route: string;
  ids: string;
  /** The route's Chinese action label (新增酒店, 删除客户); empty on entries written before labels. */
  action?: string;
  event?: string;
  detail?: string;
  ip: string;
  createTime: string;
};

/** What the entry did, as staff say it; an entry older than the labels falls back to its route. */
const actionText = (r: OpLogRow) => r.action || `${r.method} ${r.route}`;
/** The records acted on: the ids the entry stores. */
const recordText = (r: OpLogRow) => (r.ids ? r.ids.split(",").join("、") : "—");

type MenuFolder = { typename: string; module: string };

/** The areas as the menu names them: the top-level folders of type/list. */
function modulesOf(r: Envelope): Option[] {
  const seen = new Map<string, string>();
  for (const f of (r.dataList ?? []) as MenuFolder[]) if (f.module && !seen.has(f.module)) seen.set(f.module, f.typename);
  return [...seen].map(([value, label]) => ({ value, label }));
}

function useModuleOptions() {
  return useQuery({ ...routeQuery(api, "GET /gateway/api/manage/type/list", { fatherid: 0 }, "list"), select: modulesOf, staleTime: 10 * 60_000 });
}

const columns = (moduleName: (m: string) => string): Column<OpLogRow>[] => [
  { id: "id", header: "ID", sortable: true, width: 80, nowrap: true },
  { id: "who", header: "操作人", text: (r) => (r.realname ? `${r.realname}（${r.username}）` : r.username) },
  { id: "createTime", header: "操作时间", nowrap: true },
  { id: "module", header: "模块", text: (r) => moduleName(r.module) },
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

export default function OperationLog() {
  const { data: modules = [] } = useModuleOptions();
  const cols = useMemo(() => {
    const names = new Map(modules.map((m) => [String(m.value), m.label]));
    return columns((m) => names.get(m) ?? (m || "—"));
  }, [modules]);
  return (
    <ListScreen<ListKey, OpLogRow>
      tableId="oplog"
      route="GET /gateway/api/manage/oplog/list"
      columns={cols}
      filterKeys={["module"]}
      filters={<FilterSelect name="module" label="模块" options={modules} />}
      exportName="操作日志"
    />
  );
}
