import { controlClass } from "../../ui/form/inputs.tsx";
import type { Draft, StatusRow } from "./statusRows.ts";

/** The per-day rows of the room status editor; edited rows are tinted until saved. */
type Props = { rows: StatusRow[]; withPrice: boolean; loading: boolean; onEdit: (inDate: string, patch: Partial<Draft>) => void };

export function StatusRowsTable({ rows, withPrice, loading, onEdit }: Props) {
  return (
    <div className="max-h-[55vh] overflow-y-auto rounded border border-slate-200">
      <table className="w-full text-sm">
        <thead className="sticky top-0 bg-slate-50 text-slate-600">
          <tr>
            <th className="px-3 py-2 text-left font-medium">日期</th>
            <th className="px-3 py-2 text-left font-medium">星期</th>
            <th className="px-3 py-2 text-left font-medium">房间数</th>
            <th className="px-3 py-2 text-right font-medium">已预订</th>
            <th className="px-3 py-2 text-right font-medium">剩余</th>
            {withPrice && <th className="px-3 py-2 text-left font-medium">房价（元）</th>}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={withPrice ? 6 : 5} className="px-3 py-8 text-center text-slate-400">
                {loading ? "正在读取数据…" : "请选择日期范围"}
              </td>
            </tr>
          ) : (
            rows.map((r) => {
              const count = Number(r.roomCount);
              const free = r.roomCount.trim() === "" || !Number.isFinite(count) ? "—" : count - r.usedRoomCount;
              const weekend = r.week === "星期五" || r.week === "星期六" || r.week === "星期日";
              return (
                <tr key={r.inDate} data-edited={r.edited || undefined} className="border-t border-slate-100 data-edited:bg-amber-50">
                  <td className="px-3 py-1.5 whitespace-nowrap text-slate-700">{r.inDate}</td>
                  <td className={`px-3 py-1.5 whitespace-nowrap ${weekend ? "text-orange-600" : "text-slate-600"}`}>{r.week}</td>
                  <td className="px-3 py-1">
                    <input
                      aria-label={`房间数 ${r.inDate}`}
                      inputMode="numeric"
                      value={r.roomCount}
                      onChange={(e) => onEdit(r.inDate, { roomCount: e.target.value })}
                      className={`${controlClass} w-24`}
                    />
                  </td>
                  <td className="px-3 py-1.5 text-right text-slate-600">{r.usedRoomCount}</td>
                  <td className="px-3 py-1.5 text-right text-slate-700">{free}</td>
                  {withPrice && (
                    <td className="px-3 py-1">
                      <input
                        aria-label={`房价 ${r.inDate}`}
                        inputMode="decimal"
                        value={r.inPrice}
                        onChange={(e) => onEdit(r.inDate, { inPrice: e.target.value })}
                        className={`${controlClass} w-28`}
                      />
                    </td>
                  )}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
