import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../../lib/screen.tsx";
import { succeeded } from "../../../lib/routeQuery.ts";
import { Button } from "../../../ui/Button.tsx";
import { AddButton } from "../../../ui/list/ListActions.tsx";
import { confirmDelete } from "../../../ui/list/actions.ts";
import { FilterSelect } from "../../../ui/list/filters.tsx";
import { ListScreen } from "../../../ui/list/ListScreen.tsx";
import { useDeleteTask, usePassTask, type TaskRow } from "./taskQueries.ts";
import { TASK_LIST_SPEC } from "./taskLists.ts";
import { TaskForm } from "./TaskForm.tsx";
import { TaskRuns } from "./TaskRuns.tsx";
import { MonthJobUnits } from "./MonthJobUnits.tsx";
import { taskColumns } from "./taskColumns.tsx";

/**
 * /taskconfig (定时任务, R476–R483): the platform's scheduled tasks — code, name, class, period and
 * hours, the heartbeat (last run time) and the last run's outcome, the enable switch (P; enabling
 * or disabling creates or removes the task's schedule), edit, delete (D, after a confirmation) and
 * the run log of each task. 刷新 reads the list again to see new heartbeats. 月度分账任务 shows the
 * month job's units of a month, per tenant (MonthJobUnits.tsx; ours, issue 37).
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
  const [monthJob, setMonthJob] = useState(false);

  const remove = useCallback(
    async (t: TaskRow) => {
      if (!(await confirmDelete(`确定删除定时任务「${t.apiname}」吗？删除后任务不再运行，且不可恢复。`))) return;
      await succeeded(del({ ids: String(t.id) }));
    },
    [del],
  );

  const columns = useMemo(
    () =>
      taskColumns({
        rights,
        onToggle: (t, next) => succeeded(pass({ ids: String(t.id), istate: next })),
        onRuns: setRunsOf,
        onEdit: (t) => setEditing({ id: t.id }),
        onRemove: (t) => void remove(t),
      }),
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
          <Button onClick={() => setMonthJob(true)}>月度分账任务</Button>
        </>
      )}
    >
      {() => (
        <>
          {editing && <TaskForm id={editing.id} onClose={() => setEditing(null)} />}
          {runsOf && <TaskRuns task={runsOf} onClose={() => setRunsOf(null)} />}
          {monthJob && <MonthJobUnits onClose={() => setMonthJob(false)} />}
        </>
      )}
    </ListScreen>
  );
}
