import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { previousMonth } from "@xiangyu/core/finance/splitBill/rules";
import { today } from "@xiangyu/core/kernel/clock";
import { useApi, useScreen } from "../../../lib/screen.tsx";
import { succeeded } from "../../../lib/routeQuery.ts";
import { ListScreen } from "../../../ui/list/ListScreen.tsx";
import { MonthInput } from "../../../ui/pickers/MonthPicker.tsx";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../ui/dialogs/Confirm.tsx";
import { ChartPanel } from "../../../ui/chart/ChartPanel.tsx";
import { listQueryOptions } from "../../../ui/list/useListQuery.ts";
import { MonthClose } from "./MonthClose.tsx";
import { SPLIT_LIST, useRunMonth, useSettings, useToggleSplit, yearMonth } from "./splitQueries.ts";
import { splitColumns } from "./splitColumns.tsx";
import { SplitTypeNav } from "./SplitTypeNav.tsx";
import { amountsChart, nothingToDraw } from "./splitCharts.ts";

/**
 * /finance/splitbill (月度分账汇总, function 1902): the split types on the left (from the settings,
 * docs/gaps.md §8), a month picker defaulting to the previous month and 查询 (R248); one row per split
 * object (an empty object is 其他, R250) with the split-done switch after a confirmation (R249).
 * Beyond the spec: 计算该月 runs the month job on demand (A), and the month-close check below; above
 * the table, the rows as stacked amounts per split object (issue 36).
 */
const prev = () => {
  const p = previousMonth(today());
  return `${p.year}-${String(p.month).padStart(2, "0")}`;
};

export default function SplitBillSummary() {
  const { rights } = useScreen();
  const { data: types = [] } = useSettings();
  const [picked, setPicked] = useState<number | undefined>();
  const type = picked ?? types[0]?.splitbillType;
  const [draft, setDraft] = useState(prev);
  const [month, setMonth] = useState(prev);
  const toggle = useToggleSplit();
  const run = useRunMonth();
  const { year, month: m } = yearMonth(month);

  async function runMonth() {
    if (!(await confirm({ title: "计算确认", message: `确定按分账比例计算${year}年${m}月的分账汇总吗？已标记的分账状态将保留。`, okText: "计算" }))) return;
    await succeeded(run.mutateAsync({ year, month: m }));
  }

  const columns = splitColumns(rights, (r) => succeeded(toggle.mutateAsync({ id: r.id })));

  return (
    <div className="flex gap-4">
      <SplitTypeNav types={types} current={type} onPick={setPicked} />
      <div className="min-w-0 flex-1 space-y-4">
        <div className="flex flex-wrap items-center gap-2 rounded border border-slate-200 bg-white px-3 py-2">
          <span className="text-sm text-slate-600">月份</span>
          <MonthInput aria-label="月份" value={draft} onChange={(v) => setDraft(String(v || prev()))} />
          <Button variant="primary" onClick={() => setMonth(draft)}>
            查询
          </Button>
          {rights.a && (
            <Button busy={run.isPending} onClick={() => void runMonth()}>
              计算该月
            </Button>
          )}
        </div>
        {type !== undefined && <ObjectChart type={type} typeName={types.find((t) => t.splitbillType === type)?.typeName ?? ""} year={year} month={m} />}
        {type !== undefined && (
          <ListScreen
            key={`${type}-${month}`}
            tableId="splitBillRows"
            route={SPLIT_LIST}
            params={{ splitbillType: type, year, month: m }}
            paged={false}
            keyword={false}
            columns={columns}
            exportName={`月度分账汇总-${types.find((t) => t.splitbillType === type)?.typeName ?? ""}-${month}`}
            emptyText="该月尚未计算或没有分账数据"
          />
        )}
        <MonthClose year={year} month={m} />
      </div>
    </div>
  );
}

/** The month's split objects of one type: one read with the table (the same query key), drawn as stacked amounts. */
function ObjectChart({ type, typeName, year, month }: { type: number; typeName: string; year: number; month: number }) {
  const api = useApi();
  const q = useQuery({ ...listQueryOptions(api, SPLIT_LIST, { splitbillType: type, year, month }), select: (r) => r.dataList ?? [], retry: false });
  const option = useMemo(() => amountsChart(q.data ?? [], (r) => r.splitbillObjectName || "其他", "分账对象"), [q.data]);
  return <ChartPanel title={`${year}年${month}月${typeName}分账金额`} option={option} pending={q.isPending} empty={q.isError || nothingToDraw(q.data ?? [])} />;
}
