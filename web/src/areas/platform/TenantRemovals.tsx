import { useCallback } from "react";
import { succeeded } from "../../lib/routeQuery.ts";
import { Button } from "../../ui/Button.tsx";
import { Panel } from "../../ui/Panel.tsx";
import { confirm } from "../../ui/dialogs/Confirm.tsx";
import { REMOVALS_POLL_MS, useDeleteTenants, useTenantRemovals, type TenantRemoval } from "./tenantQueries.ts";

/**
 * The tenants being removed (平台租户, under the list; ours, issue 37): a deleted tenant leaves the
 * list at once and its items go in the background (core/platform/tenantRemoval.ts). Each shows the
 * items removed so far, when its removal began and its last progress, and 删除中 or 已中断 (no
 * progress for longer than the worker's hand-over and retries take); the panel reads again every
 * few seconds while any is 删除中. An interrupted removal is continued by deleting it again.
 */
const HEADERS = ["平台名称", "租户ID", "已删除条目", "开始时间", "最近进度", "状态", "操作"];

export function TenantRemovals() {
  const q = useTenantRemovals();
  const { mutateAsync: del, isPending } = useDeleteTenants();
  const rows = q.data ?? [];
  const polling = rows.some((t) => t.state === "running");

  const resume = useCallback(
    async (t: TenantRemoval) => {
      const ok = await confirm({
        title: "继续删除确认",
        message: `租户「${t.systemName || t.clientId}」的删除已中断（已删除 ${t.removedItems} 条）。确定从中断处继续删除其余数据吗？删除不可恢复。`,
        okText: "继续删除",
        danger: true,
      });
      if (ok) await succeeded(del({ ids: String(t.id) }));
    },
    [del],
  );

  return (
    <Panel
      title={`正在删除的租户${rows.length ? `（${rows.length}）` : ""}`}
      actions={
        <>
          {polling && <span className="text-xs text-slate-500">每 {REMOVALS_POLL_MS / 1000} 秒自动刷新</span>}
          <Button size="sm" onClick={() => void q.refetch()} busy={q.isFetching && !q.isPending}>
            刷新
          </Button>
        </>
      }
    >
      {q.isPending ? (
        <p className="px-4 py-3 text-sm text-slate-500">正在读取删除进度…</p>
      ) : q.isError ? (
        <p className="px-4 py-3 text-sm text-red-600">删除进度读取失败，请点击刷新重试</p>
      ) : rows.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">没有正在删除的租户</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label="正在删除的租户">
            <thead>
              <tr className="bg-slate-50 text-left text-slate-600">
                {HEADERS.map((h) => (
                  <th key={h} className={`px-4 py-2 font-medium whitespace-nowrap ${h === "已删除条目" ? "text-right" : ""}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.clientId} className="border-t border-slate-100">
                  <td className="px-4 py-2">{t.systemName}</td>
                  <td className="px-4 py-2 whitespace-nowrap">{t.clientId}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{t.removedItems.toLocaleString("zh-CN")}</td>
                  <td className="px-4 py-2 whitespace-nowrap">{t.startTime || "—"}</td>
                  <td className="px-4 py-2 whitespace-nowrap">{t.progressTime || "尚无进度"}</td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    <StateBadge t={t} />
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {t.state === "stalled" && (
                      <Button size="sm" variant="link" className="text-red-600!" disabled={isPending} onClick={() => void resume(t)}>
                        继续删除
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.some((t) => t.state === "stalled") && (
            <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
              已中断：超过 20 分钟没有进度，删除任务已停止。点击「继续删除」从中断处继续，已删除的数据不会重复处理。
            </p>
          )}
        </div>
      )}
    </Panel>
  );
}

function StateBadge({ t }: { t: TenantRemoval }) {
  const style = t.state === "stalled" ? "bg-amber-50 text-amber-700 ring-amber-200" : "bg-sky-50 text-sky-700 ring-sky-200";
  return <span className={`inline-flex items-center rounded px-2 py-0.5 text-xs ring-1 ${style}`}>{t.stateName}</span>;
}
