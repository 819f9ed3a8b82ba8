import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { Button } from "../../ui/Button.tsx";
import { confirm } from "../../ui/dialogs/Confirm.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { agentSummary } from "./LoginLog.tsx";
import { ONLINE_LIST, useKickSession, type OnlineRow } from "./authQueries.ts";

/**
 * /online (系统 › 在线用户, issue 13): who is signed in, newest first, and 强制退出 (D) after a
 * confirmation: the session's next request answers 401 and its console returns to the login page.
 * The caller's own session is marked 当前会话 and offers no button (that is 退出登录).
 */
export default function OnlineSessions() {
  const { rights } = useScreen();
  const kick = useKickSession();
  async function forceOut(r: OnlineRow) {
    const who = r.realname ? `${r.realname}（${r.username}）` : r.username;
    if (!(await confirm({ title: "强制退出", message: `确定强制「${who}」退出登录吗？该会话将立即失效。` }))) return;
    await succeeded(kick.mutateAsync({ userId: r.userId, sessionId: r.sessionId }));
  }
  const columns: Column<OnlineRow>[] = [
    { id: "username", header: "用户", nowrap: true, text: (r) => (r.realname ? `${r.realname}（${r.username}）` : r.username) },
    { id: "ip", header: "IP地址", nowrap: true },
    { id: "agent", header: "浏览器", nowrap: true, cell: (r) => <span title={r.agent}>{agentSummary(r.agent)}</span>, text: (r) => r.agent },
    { id: "signedInAt", header: "登录时间", nowrap: true },
    { id: "lastSeen", header: "最近访问", nowrap: true },
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      nowrap: true,
      cell: (r) =>
        r.current ? (
          <span className="text-xs text-slate-500">当前会话</span>
        ) : (
          rights.d && (
            <Button size="sm" variant="link" aria-label={`强制退出：${r.username}`} onClick={() => void forceOut(r)}>
              强制退出
            </Button>
          )
        ),
    },
  ];
  return <ListScreen tableId="online" route={ONLINE_LIST} columns={columns} rowId={(r) => r.sessionId} exportName="在线用户" />;
}
