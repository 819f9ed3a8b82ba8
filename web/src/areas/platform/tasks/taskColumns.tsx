import { TASK_CLASS_LABELS, type TaskClass } from "@xiangyu/core/platform/tasks/rules";
import type { Rights } from "../../../lib/screen.tsx";
import { Button } from "../../../ui/Button.tsx";
import { ConfirmSwitch } from "../../../ui/dialogs/ConfirmSwitch.tsx";
import { RowActions } from "../../../ui/list/RowActions.tsx";
import type { Column } from "../../../ui/table/columns.ts";
import type { TaskRow } from "./taskQueries.ts";
import { outcomeClass, outcomeText, periodText } from "./taskText.ts";

/** The task list's columns: what runs when, its heartbeat and last outcome, the switch, and the row's buttons. */
export function taskColumns({
  rights,
  onToggle,
  onRuns,
  onEdit,
  onRemove,
}: {
  rights: Rights;
  onToggle: (t: TaskRow, next: number | string) => Promise<boolean>;
  onRuns: (t: TaskRow) => void;
  onEdit: (t: TaskRow) => void;
  onRemove: (t: TaskRow) => void;
}): Column<TaskRow>[] {
  return [
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
      cell: (t) => <ConfirmSwitch value={t.istate} allowed={rights.p} label={`启用：${t.apiname}`} onChange={(next) => onToggle(t, next)} />,
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
          <Button size="sm" variant="link" onClick={() => onRuns(t)}>
            运行日志
          </Button>
          <RowActions name={t.apiname} onEdit={() => onEdit(t)} onDelete={() => onRemove(t)} />
        </span>
      ),
    },
  ];
}
