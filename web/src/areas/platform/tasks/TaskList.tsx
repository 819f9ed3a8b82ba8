import { useCallback, useMemo, useState } from "react";
import { TASK_CLASS_LABELS, type TaskClass } from "@xiangyu/core/platform/tasks/rules";
import { useScreen } from "../../../lib/screen.tsx";
import { succeeded } from "../../../lib/routeQuery.ts";
import { Button } from "../../../ui/Button.tsx";
import { ConfirmSwitch } from "../../../ui/ConfirmSwitch.tsx";
import { AddButton } from "../../../ui/ListActions.tsx";
import { RowActions } from "../../../ui/RowActions.tsx";
import { confirmDelete } from "../../../ui/actions.ts";
import type { Column } from "../../../ui/columns.ts";
import { FilterSelect } from "../../../ui/filters.tsx";
import { ListScreen } from "../../../ui/ListScreen.tsx";
import { useDeleteTask, usePassTask, type TaskRow } from "./taskQueries.ts";
import { TASK_LIST_SPEC } from "./taskLists.ts";
import { TaskForm } from "./TaskForm.tsx";
import { TaskRuns } from "./TaskRuns.tsx";
import { outcomeClass, outcomeText, periodText } from "./taskText.ts";

/**
 * /taskconfig (定时任务, R476–R483): the platform's scheduled tasks — code, name, class, period and
 * hours, the heartbeat (last run time) and the last run's outcome, the enable switch (P; enabling
 * or disabling creates or removes the task's schedule), edit, delete (D, after a confirmation) and
 * the run log of each task. 刷新 reads the list again to see new heartbeats.
 */
const STATES = [
  { value: 1, label: "启用" },
  { value: 0, label: "停用" },
];

export default function TaskList() {
  const { rights } = useScreen();
  const { mutateAsync: pass } = usePassTask();
  const { mutateAsync: del } = useDeleteTask();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [runsOf, setRunsOf] = useState<TaskRow | null>(null);

  const remove = useCallback(
    async (t: TaskRow) => {
      if (!(await confirmDelete(`确定删除定时任务「${t.apiname}」吗？删除后任务不再运行，且不可恢复。`))) return;
      await succeeded(del({ ids: String(t.id) }));
    },
    [del],
  );

  const columns = useMemo<Column<TaskRow>[]>(
    () => [
      { id: "apicode", header: "任务代码", nowrap: true },
      { id: "apiname", header: "任务名称" },
      { id: "apiThreadClass", header: "任务线程类", nowrap: true, text: (t) => TASK_CLASS_LABELS[t.apiThreadClass as TaskClass] ?? t.apiThreadClass },
      { id: "runround", header: "运行周期", nowrap: true, text: periodText },
      { id: "heartbeat", header: "心跳（最后运行）", nowrap: true, text: (t) => t.heartbeat || "未运行" },
      {
        id: "lastOutcome",
        header: "最近结果",
        nowrap: true,
        sortable: false,
        cell: (t) => (
          <span className={outcomeClass(t.lastOutcome)} title={t.lastError || undefined}>
            {outcomeText(t.lastOutcome) || "—"}
            {t.lastOutcome === "success" ? `（${t.lastRecords}条）` : ""}
          </span>
        ),
        text: (t) => outcomeText(t.lastOutcome),
      },
      {
        id: "istate",
        header: "启用",
        align: "center",
        exported: false,
        cell: (t) => <ConfirmSwitch value={t.istate} allowed={rights.p} label={`启用：${t.apiname}`} onChange={(next) => succeeded(pass({ ids: String(t.id), istate: next }))} />,
        text: (t) => (t.istate === 1 ? "启用" : "停用"),
      },
      {
        id: "actions",
        header: "操作",
        hideable: false,
        exported: false,
        nowrap: true,
        cell: (t) => (
          <span className="inline-flex items-center gap-2">
            <Button size="sm" variant="link" onClick={() => setRunsOf(t)}>
              运行日志
            </Button>
            <RowActions name={t.apiname} onEdit={() => setEditing({ id: t.id })} onDelete={() => void remove(t)} />
          </span>
        ),
      },
    ],
    [rights, pass, remove],
  );

  return (
    <ListScreen
      tableId="taskconfig"
      spec={TASK_LIST_SPEC}
      columns={columns}
      keyword={{ placeholder: "任务代码、名称或线程类" }}
      filters={<FilterSelect name="istate" label="状态" options={STATES} />}
      toolbar={(ctx) => (
        <>
          {rights.a && <AddButton onClick={() => setEditing({})}>新增定时任务</AddButton>}
          <Button onClick={ctx.refetch}>刷新</Button>
        </>
      )}
    >
      {() => (
        <>
          {editing && <TaskForm id={editing.id} onClose={() => setEditing(null)} />}
          {runsOf && <TaskRuns task={runsOf} onClose={() => setRunsOf(null)} />}
        </>
      )}
    </ListScreen>
  );
}
