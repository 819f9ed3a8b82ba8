import { controlClass } from "../../ui/form/inputs.tsx";

/** A start and an end day (native date inputs); the end never before the start. */
type Range = { startDate: string; endDate: string };
type Props = { value: Range; onChange: (r: Range) => void; min?: string; label?: string };

export function DateRange({ value, onChange, min, label = "日期范围" }: Props) {
  return (
    <div role="group" aria-label={label || "日期范围"} className="inline-flex items-center gap-1.5 text-sm text-slate-600">
      {label && <span>{label}</span>}
      <input
        type="date"
        aria-label="开始日期"
        min={min}
        value={value.startDate}
        onChange={(e) => e.target.value && onChange({ startDate: e.target.value, endDate: value.endDate < e.target.value ? e.target.value : value.endDate })}
        className={`${controlClass} w-36`}
      />
      <span>至</span>
      <input
        type="date"
        aria-label="结束日期"
        min={value.startDate || min}
        value={value.endDate}
        onChange={(e) => e.target.value && onChange({ startDate: value.startDate, endDate: e.target.value })}
        className={`${controlClass} w-36`}
      />
    </div>
  );
}
