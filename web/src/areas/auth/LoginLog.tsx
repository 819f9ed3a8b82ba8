import { useNavigate } from "@tanstack/react-router";
import type { RowOf } from "../../lib/contract.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { DateFilter, FilterSelect } from "../../ui/list/filters.tsx";
import { FilterItem, useFilter } from "../../ui/list/FilterBar.tsx";
import { Button } from "../../ui/Button.tsx";
import type { Column } from "../../ui/table/columns.ts";

const ROUTE = "GET /gateway/api/manage/loginlog/list";
export type LoginLogRow = RowOf<typeof ROUTE>;

const RESULTS = [
  { value: "ok", label: "成功" },
  { value: "fail", label: "失败" },
];

/** The browser and system of a user agent, in a few words; the whole string stays in the tooltip and the export. */
export function agentSummary(agent: string): string {
  if (!agent) return "—";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /MicroMessenger/.test(agent)
      ? "微信"
      : /Chrome\//.test(agent)
        ? "Chrome"
        : /Firefox\//.test(agent)
          ? "Firefox"
          : /Safari\//.test(agent)
            ? "Safari"
            : "";
  const system = /Windows/.test(agent)
    ? "Windows"
    : /iPhone|iPad/.test(agent)
      ? "iOS"
      : /Android/.test(agent)
        ? "Android"
        : /Mac OS X/.test(agent)
          ? "macOS"
          : /Linux/.test(agent)
            ? "Linux"
            : "";
  // Neither known (a script, a tool): a word, the string itself in the tooltip.
  return [browser, system].filter(Boolean).join(" / ") || "其他终端";
}

/** The chosen user (set by clicking a name in the list), with × to show everyone again. */
function UserFilter() {
  const [value, set] = useFilter("userId");
  if (!value) return null;
  return (
    <FilterItem label="用户">
      <span className="rounded bg-slate-100 px-2 py-1 text-slate-700">#{value}</span>
      <Button size="sm" variant="link" aria-label="显示全部用户" onClick={() => set("")}>
        ×
      </Button>
    </FilterItem>
  );
}

/**
 * /loginlog (系统 › 登录日志, issue 13): every sign-in attempt, newest first — who (the account, or
 * the name typed when none matched), when, from where, with what, and whether it succeeded or why
 * not. Filter by result and dates; a user's name narrows the list to that user.
 */
export default function LoginLog() {
  const navigate = useNavigate();
  const onlyUser = (userId: number) => void navigate({ to: ".", search: ((s: Record<string, unknown>) => ({ ...s, userId: String(userId), page: undefined })) as never });
  const columns: Column<LoginLogRow>[] = [
    { id: "createTime", header: "登录时间", nowrap: true },
    {
      id: "username",
      header: "用户",
      nowrap: true,
      cell: (r) =>
        r.userId ? (
          <Button size="sm" variant="link" title="只看此用户" onClick={() => onlyUser(r.userId!)}>
            {r.realname ? `${r.realname}（${r.username}）` : r.username}
          </Button>
        ) : (
          <span className="text-slate-500" title="没有此用户">
            {r.username}
          </span>
        ),
      text: (r) => (r.realname ? `${r.realname}（${r.username}）` : r.username),
    },
    { id: "ip", header: "IP地址", nowrap: true },
    { id: "agent", header: "浏览器", nowrap: true, cell: (r) => <span title={r.agent}>{agentSummary(r.agent ?? "")}</span>, text: (r) => r.agent ?? "" },
    {
      id: "result",
      header: "结果",
      nowrap: true,
      cell: (r) => (r.result === "ok" ? <span className="text-emerald-700">成功</span> : <span className="text-red-700">失败</span>),
      text: (r) => (r.result === "ok" ? "成功" : "失败"),
    },
    { id: "reason", header: "原因", text: (r) => r.reason || "—" },
  ];
  return (
    <ListScreen
      tableId="loginlog"
      route={ROUTE}
      columns={columns}
      filterKeys={["userId", "result", "from", "to"]}
      filters={
        <>
          <UserFilter />
          <FilterSelect name="result" label="结果" options={RESULTS} />
          <DateFilter name="from" label="开始日期" />
          <DateFilter name="to" label="结束日期" />
        </>
      }
      exportName="登录日志"
    />
  );
}
