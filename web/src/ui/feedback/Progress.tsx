/**
 * Progress of long work (uploads, hashing, imports, exports). `value` is 0–100; without a value the
 * bar is indeterminate (work whose length is unknown).
 */
export function Progress({ value, label, tone = "blue" }: { value?: number; label?: string; tone?: "blue" | "green" | "red" }) {
  const pct = value === undefined ? undefined : Math.max(0, Math.min(100, Math.round(value)));
  const bar = { blue: "bg-blue-500", green: "bg-emerald-500", red: "bg-red-500" }[tone];
  return (
    <div className="flex items-center gap-2 text-xs text-slate-500">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="relative h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-[width] ${bar} ${pct === undefined ? "w-1/3 animate-pulse" : ""}`}
          style={pct === undefined ? undefined : { width: `${pct}%` }}
        />
      </div>
      {label && <span className="shrink-0">{label}</span>}
      {pct !== undefined && <span className="w-9 shrink-0 text-right tabular-nums">{pct}%</span>}
    </div>
  );
}
