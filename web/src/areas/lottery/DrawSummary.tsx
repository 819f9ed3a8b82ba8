import { useMemo } from "react";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { ChartPanel } from "../../ui/chart/ChartPanel.tsx";
import { useSummary, type Lottery } from "./lotteryQueries.ts";
import { drawChart, drawChartHeight } from "./drawChart.ts";

/**
 * 抽奖统计 (draw summary, totallist): per prize, how often it was won, what remains (不限 when
 * unlimited) and its draws over all draws; beneath, the draws and the participants so far. Above
 * the table, won and remaining per prize as stacked bars (issue 36).
 */
export function DrawSummary({ lottery, onClose }: { lottery: Pick<Lottery, "id" | "title">; onClose: () => void }) {
  const { data, isPending, isError, error, refetch } = useSummary(lottery.id);
  const option = useMemo(() => drawChart(data?.rows ?? []), [data?.rows]);
  return (
    <Modal open width={600} title={`抽奖统计 — ${lottery.title}`} onClose={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
      {isPending ? (
        <p className="py-8 text-center text-sm text-slate-400">正在读取数据…</p>
      ) : isError ? (
        <p className="text-sm text-red-600">
          {error.message}{" "}
          <Button size="sm" variant="link" onClick={() => void refetch()}>
            重试
          </Button>
        </p>
      ) : (
        <>
          <ChartPanel
            title="奖品中奖与剩余"
            className="mb-3"
            option={option}
            height={drawChartHeight(data.rows.length)}
            empty={data.rows.every((r) => r.won === 0 && !r.remaining)}
          />
          <table className="w-full text-sm" aria-label="抽奖统计">
            <thead>
              <tr className="border-b border-slate-200 bg-slate-50 text-left text-slate-600">
                <th className="px-3 py-2 font-medium">奖品名称</th>
                <th className="px-3 py-2 text-right font-medium">已中奖</th>
                <th className="px-3 py-2 text-right font-medium">剩余</th>
                <th className="px-3 py-2 text-right font-medium">抽中次数/总抽奖次数</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.length === 0 && (
                <tr>
                  <td colSpan={4} className="px-3 py-6 text-center text-slate-400">
                    暂无数据
                  </td>
                </tr>
              )}
              {data.rows.map((r) => (
                <tr key={r.prizeId} className="border-b border-slate-100">
                  <td className="px-3 py-2">{r.prizeName}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.won}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.remaining === null ? "不限" : r.remaining}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.drawCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-sm text-slate-600">
            总抽奖次数 <b className="tabular-nums">{data.totals?.draws ?? 0}</b>，参与人数 <b className="tabular-nums">{data.totals?.participants ?? 0}</b>
          </p>
        </>
      )}
    </Modal>
  );
}
