import * as echarts from "echarts/core";
import { BarChart, FunnelChart, LineChart, type BarSeriesOption, type FunnelSeriesOption, type LineSeriesOption } from "echarts/charts";
import {
  AriaComponent,
  GridComponent,
  LegendPlainComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from "echarts/components";
import { SVGRenderer } from "echarts/renderers";

/**
 * ECharts as the console uses it (issue 36): `echarts/core` with only the series and components
 * our charts draw (bars, lines, the funnel; no pie yet: register `PieChart` and add its option type
 * when a screen draws one), so the rest of ECharts is never bundled. This module is loaded by
 * `Chart.tsx` through a dynamic import only, so it is a chunk of its own that no screen's first load
 * carries. The plain legend: ours are short, and the scrolling one costs 2 kB more.
 *
 * The SVG renderer, though it is not the lighter one (≈ 4 kB gzip more than canvas): our charts have
 * tens of points, not thousands, which SVG draws sharp at any browser zoom and in print with less
 * memory, and it renders in jsdom, so the screens' component tests run the real ECharts
 * (docs/decisions.md, "Charts").
 */
echarts.use([BarChart, LineChart, FunnelChart, GridComponent, TooltipComponent, LegendPlainComponent, AriaComponent, SVGRenderer]);

export type ChartOption = echarts.ComposeOption<BarSeriesOption | LineSeriesOption | FunnelSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption>;

/** Tailwind's colours as the console uses them: sky, emerald, amber, slate first; their lighter tones after. */
const SLATE = { 100: "#f1f5f9", 200: "#e2e8f0", 300: "#cbd5e1", 400: "#94a3b8", 500: "#64748b", 600: "#475569", 700: "#334155" };
const PALETTE = ["#0ea5e9", "#10b981", "#f59e0b", SLATE[400], "#7dd3fc", "#6ee7b7", "#fcd34d", SLATE[600]];

const axis = {
  axisLine: { lineStyle: { color: SLATE[300] } },
  axisTick: { lineStyle: { color: SLATE[300] } },
  axisLabel: { color: SLATE[500] },
  splitLine: { lineStyle: { color: SLATE[100] } },
  nameTextStyle: { color: SLATE[500] },
};

/** The console's theme: palette, slate text and lines, a white tooltip with a slate border. */
export const THEME = "xiangyu";
echarts.registerTheme(THEME, {
  color: PALETTE,
  backgroundColor: "transparent",
  textStyle: { color: SLATE[700] },
  categoryAxis: axis,
  valueAxis: axis,
  timeAxis: axis,
  legend: { textStyle: { color: SLATE[600] } },
  tooltip: { backgroundColor: "#fff", borderColor: SLATE[200], textStyle: { color: SLATE[700] } },
});

export { echarts };
