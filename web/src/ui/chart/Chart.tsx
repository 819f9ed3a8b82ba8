import { useEffect, useRef, useState } from "react";
import type { ChartOption } from "./echarts.ts";

/**
 * One chart (issue 36). ECharts lives in `./echarts.ts`, loaded here by a dynamic import, so it is
 * its own chunk: no screen's first load and not the console's initial JavaScript carry it; this
 * module only imports its types. A skeleton of the chart's height stands in while it loads (no
 * layout shift); the chart follows its box's width (ResizeObserver) and is disposed on unmount.
 *
 * For screen readers the box is an image named by `label`, and ECharts' aria module (Chinese
 * locale) adds what it shows: series, names and values. `onPick` gets a click on a bar,
 * a funnel step or a point (the pointer cursor shows it is clickable).
 */
type ChartPick = { name: string; seriesName?: string; dataIndex: number };
type Props = { option: ChartOption; height?: number; label: string; onPick?: (p: ChartPick) => void; className?: string };
type Lib = typeof import("./echarts.ts");
type Instance = ReturnType<Lib["echarts"]["init"]>;

/** The chunk, asked for once (a failed load is asked for again by the next chart). */
let lib: Promise<Lib> | undefined;
const load = () =>
  (lib ??= import("./echarts.ts").catch((e: unknown) => {
    lib = undefined;
    throw e;
  }));

export function Chart({ option, height = 280, label, onPick, className = "" }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Instance | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    let instance: Instance | undefined;
    let watch: ResizeObserver | undefined;
    load().then(
      ({ echarts, THEME }) => {
        const el = box.current;
        if (!alive || !el) return;
        instance = echarts.init(el, THEME, { renderer: "svg", locale: "ZH" });
        const chart = instance;
        watch = new ResizeObserver(() => chart.resize());
        watch.observe(el);
        setChart(instance);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      watch?.disconnect();
      instance?.dispose();
      setChart(null);
    };
  }, []);

  // The latest onPick, so a screen's new callback neither redraws the chart nor re-binds the click.
  const pickRef = useRef(onPick);
  useEffect(() => {
    pickRef.current = onPick;
  });
  const clickable = onPick !== undefined;

  useEffect(() => {
    const el = box.current;
    if (!chart || !el) return;
    // Named before ECharts' aria writes its description after the name.
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", label);
    chart.setOption(dressed(option, label, clickable, getComputedStyle(el).fontFamily), { notMerge: true });
  }, [chart, option, label, clickable]);

  useEffect(() => {
    if (!chart || !clickable) return;
    // A bar, a funnel step or a point; or a category axis' label (its value is the category's name).
    const click = (p: { name?: string; value?: unknown; targetType?: string; seriesName?: string; dataIndex?: number }) =>
      pickRef.current?.({ name: String(p.name ?? (p.targetType === "axisLabel" ? p.value : "")), seriesName: p.seriesName, dataIndex: p.dataIndex ?? 0 });
    chart.on("click", click);
    // The chart may be gone already (unmount disposes it first).
    return () => void (chart.isDisposed() || chart.off("click", click));
  }, [chart, clickable]);

  return (
    <div className={`relative w-full ${className}`} style={{ height }}>
      <div ref={box} className="absolute inset-0" data-chart={chart ? "ready" : "loading"} />
      {!chart &&
        (failed ? (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-400">图表加载失败，请刷新页面重试</p>
        ) : (
          <div role="status" aria-label={`${label}：图表加载中`} className="absolute inset-0 animate-pulse rounded bg-slate-100" />
        ))}
    </div>
  );
}

/**
 * The screen's option with what every chart has: ECharts' aria description after our label, the
 * console's font (SVG text does not inherit it), and the pointer only where a click does something.
 * Axes and series are given as lists, as ECharts accepts them.
 */
function dressed(option: ChartOption, label: string, clickable: boolean, fontFamily: string): ChartOption {
  const cursor = clickable ? "pointer" : "default";
  const series = option.series === undefined ? undefined : (Array.isArray(option.series) ? option.series : [option.series]).map((s) => ({ ...s, cursor }));
  // A category's label picks it too (a short bar is a small target).
  const axes = (a: ChartOption["xAxis"]) =>
    a === undefined ? undefined : (Array.isArray(a) ? a : [a]).map((x) => (x.type === "category" ? { ...x, triggerEvent: clickable } : x));
  const category = (a: ChartOption["xAxis"]) => (Array.isArray(a) ? a[0] : a)?.type === "category";
  // A bar's or a point's values are its x and y (one of them the category's index), then a stack's
  // sums: the description names the category and says the value alone.
  const value = category(option.xAxis) ? 1 : category(option.yAxis as ChartOption["xAxis"]) ? 0 : undefined;
  const excludeDimensionId = value === undefined ? undefined : [0, 1, 2, 3, 4, 5].filter((d) => d !== value);
  // A screen may describe its chart itself (ECharts' own description says NaN for a gap in a line).
  const own = (option.aria as { label?: { description?: string } } | undefined)?.label?.description;
  const general = { withTitle: `${label}。`, withoutTitle: `${label}。` };
  const aria = { enabled: true, label: { enabled: true, description: own && `${label}。${own}`, general, series: ARIA_SERIES, data: { ...ARIA_DATA, excludeDimensionId } } };
  return {
    ...option,
    series,
    xAxis: axes(option.xAxis),
    yAxis: axes(option.yAxis as ChartOption["xAxis"]),
    aria,
    textStyle: { fontFamily, ...(option.textStyle as object | undefined) },
  } as ChartOption;
}

/**
 * ECharts' Chinese aria texts (its ZH locale), given whole because an option replaces a part of
 * them entirely: the series by their name rather than by a number counted from 0.
 */
const ARIA_SERIES = {
  maxCount: 10,
  single: { prefix: "", withName: "图表类型是{seriesType}，表示{seriesName}。", withoutName: "图表类型是{seriesType}。" },
  multiple: { prefix: "它由{seriesCount}个图表系列组成。", withName: "“{seriesName}”是{seriesType}，", withoutName: "一个{seriesType}，", separator: { middle: "；", end: "。" } },
};
const ARIA_DATA = {
  maxCount: 40,
  allData: "其数据是——",
  partialData: "其中，前{displayCnt}项是——",
  withName: "{name}的数据是{value}",
  withoutName: "{value}",
  separator: { middle: "，", end: "" },
};
