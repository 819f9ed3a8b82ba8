import { Panel } from "../../../ui/Panel.tsx";
import { money, useMonthClose } from "./splitQueries.ts";

/**
 * The month-close check (beyond the spec): per split type, the month's takings × its proportion
 * against the sum of its rows, and the month against every row (合计). The group row takes the
 * rounding, so a type may differ by a few fen; the 合计 line must be 0 — anything else is flagged red.
 */
export function MonthClose({ year, month }: { year: number; month: number }) {
  const { data } = useMonthClose(year, month);
  if (!data) return null;
  return (
    <Panel title={`${year}年${month}月 月结核对${data.computed ? "" : "（该月尚未计算）"}`}>
      <table className="w-full text-sm" aria-label="月结核对">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-500">
            <th className="py-1.5 font-normal">分账类型</th>
            <th className="py-1.5 text-right font-normal">比例</th>
            <th className="py-1.5 text-right font-normal">当月流水</th>
            <th className="py-1.5 text-right font-normal">应分金额</th>
            <th className="py-1.5 text-right font-normal">分账行合计</th>
            <th className="py-1.5 text-right font-normal">差额</th>
            <th className="py-1.5 text-center font-normal">核对</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((l) => (
            <tr key={l.splitbillType} className={`border-b border-slate-100 ${l.flagged ? "bg-red-50 text-red-700" : ""}`}>
              <td className="py-1.5">{l.typeName}</td>
              <td className="py-1.5 text-right">{l.proportion}%</td>
              <td className="py-1.5 text-right">{money(l.monthTotal)}</td>
              <td className="py-1.5 text-right">{money(l.expected)}</td>
              <td className="py-1.5 text-right">{money(l.rowsTotal)}</td>
              <td className="py-1.5 text-right">{money(l.difference)}</td>
              <td className="py-1.5 text-center">{l.flagged ? "有差异" : "一致"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
