import { useMemo } from "react";
import type { Column } from "../../../ui/table/columns.ts";
import { ListScreen } from "../../../ui/list/ListScreen.tsx";
import { Modal } from "../../../ui/dialogs/Modal.tsx";
import { TASK_RUNS, type TaskRow, type TaskRun } from "./taskQueries.ts";
import { outcomeText } from "./taskText.ts";

/** A task's run log (newest first; the newest 200 runs are kept): start, end, records, outcome, attempts and the last error. */
export function TaskRuns({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const columns = useMemo<Column<TaskRun>[]>(
    () => [
      { id: "seq", header: "序号", nowrap: true, sortable: false },
      { id: "startTime", header: "开始时间", nowrap: true, sortable: false },
      { id: "endTime", header: "结束时间", nowrap: true, sortable: false },
      { id: "records", header: "记录数", align: "right", nowrap: true, sortable: false, text: (r) => String(r.records) },
      { id: "outcome", header: "结果", nowrap: true, sortable: false, text: (r) => outcomeText(r.outcome) },
      { id: "attempts", header: "尝试次数", align: "right", nowrap: true, sortable: false, text: (r) => String(r.attempts) },
      { id: "error", header: "错误信息", sortable: false },
    ],
    [],
  );
  return (
    <Modal open width={1200} title={`运行日志：${task.apiname}（${task.apicode}）`} onClose={onClose}>
      <ListScreen
        local
        fresh
        route={TASK_RUNS}
        params={{ id: task.id }}
        rowId={(r) => String(r.seq)}
        tableId="taskconfig-runs"
        columns={columns}
        maxHeight="24rem"
        emptyText="暂无运行记录"
      />
    </Modal>
  );
}
