import { useMemo, useState } from "react";
import { previousMonth } from "@xiangyu/core/finance/splitBill/rules";
import { TASK_CLASS_LABELS } from "@xiangyu/core/platform/tasks/rules";
import { today } from "@xiangyu/core/kernel/clock";
import type { Column } from "../../../ui/table/columns.ts";
import { Button } from "../../../ui/Button.tsx";
import { ListScreen } from "../../../ui/list/ListScreen.tsx";
import { Modal } from "../../../ui/dialogs/Modal.tsx";
import { MonthInput } from "../../../ui/pickers/MonthPicker.tsx";
import { MONTH_JOB, type MonthUnit } from "./taskQueries.ts";

/**
 * The month job's units of a month (ours, issue 37; docs/decisions.md "The month job per tenant"):
 * one per tenant, failed ones first as the route answers, with their state, tries, last error and
 * times. Failed units get new tries from an operator's run of a task of class splitBillMonth; the
 * dialog says so, since nothing on it runs the job itself.
 */
const lastMonth = () => {
  const p = previousMonth(today());
  return `${p.year}-${String(p.month).padStart(2, "0")}`;
};
const yearMonth = (m: string) => ({ year: Number(m.slice(0, 4)), month: Number(m.slice(5, 7)) });

const STATE_CLASS: Record<string, string> = { 失败: "text-red-600 font-medium", 中断: "text-amber-700 font-medium", 已完成: "text-emerald-700", 计算中: "text-sky-700" };

const monthUnitColumns: Column<MonthUnit>[] = [
  { id: "systemName", header: "租户", sortable: false, text: (u) => u.systemName || u.clientId },
  { id: "clientId", header: "租户ID", nowrap: true, sortable: false },
  { id: "stateName", header: "状态", nowrap: true, sortable: false, cell: (u) => <span className={STATE_CLASS[u.stateName] ?? "text-slate-500"}>{u.stateName}</span> },
  { id: "attempts", header: "尝试次数", nowrap: true, align: "right", sortable: false, text: (u) => `${u.attempts} / ${u.maxAttempts}` },
  {
    id: "lastError",
    header: "最近错误",
    sortable: false,
    cell: (u) => (u.lastError ? <span className="break-all text-red-600">{u.lastError}</span> : "—"),
    text: (u) => u.lastError,
  },
  { id: "startTime", header: "开始时间", nowrap: true, sortable: false, text: (u) => u.startTime || "—" },
  { id: "endTime", header: "结束时间", nowrap: true, sortable: false, text: (u) => u.endTime || "—" },
  { id: "rows", header: "汇总行数", nowrap: true, align: "right", sortable: false, text: (u) => String(u.rows) },
  { id: "monthTotal", header: "当月合计（元）", nowrap: true, align: "right", sortable: false, money: true, text: (u) => u.monthTotal.toFixed(2) },
];

export function MonthJobUnits({ onClose }: { onClose: () => void }) {
  const [draft, setDraft] = useState(lastMonth);
  const [month, setMonth] = useState(lastMonth);
  const params = useMemo(() => yearMonth(month), [month]);
  const taskClass = TASK_CLASS_LABELS.splitBillMonth;
  return (
    <Modal open width={1200} title="月度分账任务：各租户的计算单元" onClose={onClose}>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-600">月份</span>
          <MonthInput aria-label="月份" value={draft} onChange={(v) => setDraft(String(v || lastMonth()))} />
          <Button variant="primary" onClick={() => setMonth(draft)}>
            查询
          </Button>
          <span className="text-sm text-slate-500">
            {params.year}年{params.month}月：每个租户一个计算单元，失败的排在最前
          </span>
        </div>
        <div className="rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
          <p className="font-medium">失败的单元如何重试</p>
          <p>
            每个单元最多自动尝试 3
            次，用完后状态为「失败」，「最近错误」是最后一次的原因；「中断」表示计算进程超时未回报，下次调度会自动重新开始。排除原因后，运行一次任务线程类为「{taskClass}
            」的定时任务（在本页启用或新增一个，它按运行周期执行），该次运行会让上个月失败的单元再获得 3
            次尝试，已完成的单元不会重复计算。更早月份的租户，可在其「月度分账汇总」页面用「计算该月」重新计算。
          </p>
        </div>
        <ListScreen
          key={month}
          local
          fresh
          route={MONTH_JOB}
          params={params}
          paged={false}
          keyword={false}
          rowId={(u) => u.clientId}
          tableId="taskconfig-monthjob"
          columns={monthUnitColumns}
          exportName={`月度分账任务单元-${month}`}
          maxHeight="22rem"
          emptyText="该月没有计算单元（月度任务尚未为该月运行）"
        />
      </div>
    </Modal>
  );
}
