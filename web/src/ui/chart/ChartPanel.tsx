import type { ComponentProps, ReactNode } from "react";
import { Panel } from "../Panel.tsx";
import { Chart } from "./Chart.tsx";

/**
 * A chart in a titled panel, as the summary screens show it above their tables: the chart's name
 * is its title, `hint` says what a click does, and the box keeps its height while the data is read
 * (a skeleton) and when there is nothing to draw ('暂无数据'), so the table below never jumps.
 */
type Props = Omit<ComponentProps<typeof Chart>, "label"> & { title: string; label?: string; hint?: ReactNode; pending?: boolean; empty?: boolean };

export function ChartPanel({ title, label, hint, pending, empty, height = 260, className = "", ...chart }: Props) {
  return (
    <Panel title={title} actions={hint && <span className="text-xs text-slate-400">{hint}</span>} className={className}>
      <div className="px-2 py-2">
        {pending ? (
          <div role="status" aria-label={`${title}：正在读取数据`} className="animate-pulse rounded bg-slate-100" style={{ height }} />
        ) : empty ? (
          <p className="flex items-center justify-center text-sm text-slate-400" style={{ height }}>
            暂无数据
          </p>
        ) : (
          <Chart {...chart} height={height} label={label ?? title} />
        )}
      </div>
    </Panel>
  );
}
