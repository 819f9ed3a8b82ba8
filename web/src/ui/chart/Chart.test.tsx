import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import "../test-utils.tsx";
import type { ChartOption } from "./echarts.ts";
import { Chart } from "./Chart.tsx";

/**
 * jsdom measures no text and lays nothing out, so ECharts itself is replaced here by a stand-in
 * that records what the chart gives it. The chunk loads asynchronously, so the first render is
 * the skeleton.
 */
const fake = vi.hoisted(() => {
  type Click = (p: { name?: string; value?: unknown; targetType?: string; seriesName?: string; dataIndex?: number }) => void;
  const charts: { dom: HTMLElement; theme: string; opts: unknown; options: unknown[]; clicks: Click[]; disposed: boolean; resized: number }[] = [];
  const init = (dom: HTMLElement, theme: string, opts: unknown) => {
    const c = { dom, theme, opts, options: [] as unknown[], clicks: [] as Click[], disposed: false, resized: 0 };
    charts.push(c);
    return {
      setOption: (o: unknown) => void c.options.push(o),
      on: (_: string, f: Click) => void c.clicks.push(f),
      off: (_: string, f: Click) => void (c.clicks = c.clicks.filter((g) => g !== f)),
      resize: () => void c.resized++,
      dispose: () => void (c.disposed = true),
      isDisposed: () => c.disposed,
    };
  };
  return { charts, init };
});
vi.mock("./echarts.ts", () => ({ echarts: { init: fake.init }, THEME: "xiangyu" }));

const OPTION: ChartOption = {
  xAxis: { type: "category", data: ["广州天河店", "深圳南山店"] },
  yAxis: { type: "value", name: "金额（元）" },
  series: [{ type: "bar", name: "合计", data: [1200.5, 300] }],
};

describe("Chart", () => {
  it("shows a skeleton of its height, then the chart named for screen readers, and reports a click", async () => {
    const picked = vi.fn();
    render(
      <StrictMode>
        <Chart option={OPTION} height={240} label="各门店合计金额" onPick={picked} />
      </StrictMode>,
    );
    const skeleton = screen.getByRole("status", { name: "各门店合计金额：图表加载中" });
    expect(skeleton.parentElement).toHaveStyle({ height: "240px" });
    expect(screen.queryByRole("img")).toBeNull();

    const chart = await screen.findByRole("img", { name: "各门店合计金额" });
    expect(screen.queryByRole("status")).toBeNull();
    expect(chart.parentElement).toHaveStyle({ height: "240px" });
    // StrictMode mounts twice: the first mount's chart is never made (or disposed), one chart lives.
    const live = fake.charts.filter((c) => !c.disposed);
    expect(live).toHaveLength(1);
    const c = live[0]!;
    expect(c.dom).toBe(chart);
    expect(c.theme).toBe("xiangyu");
    expect(c.opts).toMatchObject({ renderer: "svg", locale: "ZH" });

    // The data given reaches ECharts, with aria on (its description follows our label) and a pointer.
    const given = c.options.at(-1) as ChartOption;
    expect(given.xAxis).toEqual([{ ...OPTION.xAxis, triggerEvent: true }]);
    expect(given.yAxis).toEqual([OPTION.yAxis]);
    expect(given.series).toEqual([{ type: "bar", name: "合计", data: [1200.5, 300], cursor: "pointer" }]);
    expect(given.aria).toMatchObject({ enabled: true, label: { enabled: true, general: { withoutTitle: "各门店合计金额。" }, data: { excludeDimensionId: [0, 2, 3, 4, 5] } } });

    c.clicks.forEach((f) => f({ name: "深圳南山店", seriesName: "合计", dataIndex: 1 }));
    expect(picked).toHaveBeenCalledExactlyOnceWith({ name: "深圳南山店", seriesName: "合计", dataIndex: 1 });
    // A category's label picks it too.
    c.clicks.forEach((f) => f({ targetType: "axisLabel", value: "广州天河店", dataIndex: 0 }));
    expect(picked).toHaveBeenLastCalledWith({ name: "广州天河店", seriesName: undefined, dataIndex: 0 });
  });

  it("draws new data into the same chart, has no pointer without onPick, and is disposed on unmount", async () => {
    const { rerender, unmount } = render(<Chart option={OPTION} label="图表" />);
    const el = await screen.findByRole("img", { name: "图表" });
    const c = fake.charts.find((x) => x.dom === el)!;
    expect((c.options.at(-1) as ChartOption).series).toEqual([expect.objectContaining({ cursor: "default" })]);
    expect(c.clicks).toHaveLength(0);

    rerender(<Chart option={{ ...OPTION, series: [{ type: "bar", name: "合计", data: [5, 6] }] }} label="图表" />);
    await waitFor(() => expect((c.options.at(-1) as ChartOption).series).toEqual([expect.objectContaining({ data: [5, 6] })]));
    expect(fake.charts.filter((x) => !x.disposed)).toHaveLength(1);

    // A screen's own description follows the label, in place of ECharts' generated one.
    rerender(<Chart option={{ ...OPTION, aria: { label: { description: "一月最高。" } } }} label="图表" />);
    await waitFor(() => expect((c.options.at(-1) as ChartOption).aria).toMatchObject({ label: { description: "图表。一月最高。" } }));

    unmount();
    expect(c.disposed).toBe(true);
  });
});
