import { DateInput } from "../../ui/pickers/DatePicker.tsx";
import { DateRangeInput, type DayRange } from "../../ui/pickers/DateRangePicker.tsx";
import { Button } from "../../ui/Button.tsx";
import { Select } from "../../ui/form/inputs.tsx";
import { cellInput } from "./specRows.ts";

/** What the 单个配置 tab has typed: the days, the service hours, the stock and prices. */
export type SingleDraft = { range: DayRange; clock: { from: string; to: string }; stock: { goodsCount: string; marketPrice: string; price: string } };

/** 单个配置: slots for every day of a range at the typed hours, with their stock and prices. */
export function SingleSlotMaker({ draft, onDraft, min, onMake }: { draft: SingleDraft; onDraft: (d: SingleDraft) => void; min: string; onMake: () => void }) {
  const { range, clock, stock } = draft;
  return (
    <>
      <div className="flex flex-col gap-1">
        <span>日期</span>
        <DateRangeInput value={range} onChange={(r) => onDraft({ ...draft, range: r })} min={min} label="日期" labels={["开始日期", "结束日期"]} />
      </div>
      <label className="flex flex-col gap-1">
        服务开始
        <input type="time" aria-label="服务开始时间" className={cellInput} value={clock.from} onChange={(e) => onDraft({ ...draft, clock: { ...clock, from: e.target.value } })} />
      </label>
      <label className="flex flex-col gap-1">
        服务结束
        <input type="time" aria-label="服务结束时间" className={cellInput} value={clock.to} onChange={(e) => onDraft({ ...draft, clock: { ...clock, to: e.target.value } })} />
      </label>
      {(
        [
          ["goodsCount", "库存"],
          ["marketPrice", "市场价"],
          ["price", "销售价"],
        ] as const
      ).map(([k, label]) => (
        <label key={k} className="flex w-24 flex-col gap-1">
          {label}
          <input aria-label={label} className={cellInput} inputMode="decimal" value={stock[k]} onChange={(e) => onDraft({ ...draft, stock: { ...stock, [k]: e.target.value } })} />
        </label>
      ))}
      <Button variant="primary" onClick={onMake}>
        生成
      </Button>
    </>
  );
}

/** 复制配置: one day's slots copied onto another. */
export function CopySlotMaker({
  copy,
  onCopy,
  min,
  onMake,
}: {
  copy: { from: string; to: string };
  onCopy: (c: { from: string; to: string }) => void;
  min: string;
  onMake: () => void;
}) {
  return (
    <>
      <label className="flex flex-col gap-1">
        待复制日期
        <DateInput aria-label="待复制日期" value={copy.from} onChange={(d: string) => onCopy({ ...copy, from: d })} />
      </label>
      <label className="flex flex-col gap-1">
        目标日期
        <DateInput aria-label="目标日期" value={copy.to} min={min} onChange={(d: string) => onCopy({ ...copy, to: d })} />
      </label>
      <Button variant="primary" onClick={onMake}>
        复制
      </Button>
      <span className="text-xs text-slate-500">目标日期已有的相同时段会被替换</span>
    </>
  );
}

/** 同步配置: a template slot's stock and prices carried to the same slot of every later day. */
export function SyncSlotMaker({
  template,
  onTemplate,
  options,
  onMake,
}: {
  template: string;
  onTemplate: (t: string) => void;
  options: { value: string; label: string }[];
  onMake: () => void;
}) {
  return (
    <>
      <label className="flex flex-col gap-1">
        模板规格
        <Select aria-label="模板规格" value={template} onChange={(v) => onTemplate(String(v ?? ""))} placeholder="请选择模板规格" options={options} />
      </label>
      <Button variant="primary" onClick={onMake}>
        同步
      </Button>
      <span className="text-xs text-slate-500">把模板的库存和价格同步到之后每天的同一时段</span>
    </>
  );
}
