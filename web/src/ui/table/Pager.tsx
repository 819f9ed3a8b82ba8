import { useState } from "react";
import { PAGE_SIZES } from "../list/tableState.ts";

/**
 * Paging under a list: total, page size (20/30/50/100), pages with gaps, and a page to jump to.
 * `capped`: the server counted up to a cap (kernel/list.ts), so the total reads "1,000+".
 */
type Props = { page: number; size: number; total: number; capped?: boolean; sizes?: readonly number[]; onPage: (page: number) => void; onSize: (size: number) => void };

/** Page numbers to show: first, last, and two either side of the current one; 0 marks a gap. */
export function pageWindow(page: number, last: number): number[] {
  const out: number[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - page) <= 2) out.push(p);
    else if (out.at(-1) !== 0) out.push(0);
  }
  return out;
}

export function Pager({ page, size, total, capped = false, sizes = PAGE_SIZES, onPage, onSize }: Props) {
  const last = Math.max(1, Math.ceil(total / size));
  const [jump, setJump] = useState("");
  const go = (p: number) => onPage(Math.min(last, Math.max(1, p)));
  const btn = "h-7 min-w-7 rounded border px-1.5 text-xs disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <nav aria-label="分页" className="flex flex-wrap items-center justify-end gap-1.5 py-2 text-xs text-slate-600">
      <span>共 {capped ? `${total.toLocaleString("en-US")}+` : total} 条</span>
      <select aria-label="每页条数" value={size} onChange={(e) => onSize(Number(e.target.value))} className="h-7 rounded border border-slate-300 bg-white px-1">
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s} 条/页
          </option>
        ))}
      </select>
      <button type="button" aria-label="上一页" className={`${btn} border-slate-300 bg-white`} disabled={page <= 1} onClick={() => go(page - 1)}>
        ‹
      </button>
      {pageWindow(page, last).map((p, i) =>
        p === 0 ? (
          <span key={`gap${i}`} className="px-1 text-slate-400">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            aria-current={p === page ? "page" : undefined}
            className={`${btn} ${p === page ? "border-blue-600 bg-blue-600 text-white" : "border-slate-300 bg-white hover:text-blue-600"}`}
            onClick={() => go(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" aria-label="下一页" className={`${btn} border-slate-300 bg-white`} disabled={page >= last} onClick={() => go(page + 1)}>
        ›
      </button>
      <label className="ml-1 inline-flex items-center gap-1">
        前往
        <input
          aria-label="前往页码"
          value={jump}
          inputMode="numeric"
          onChange={(e) => setJump(e.target.value.replace(/\D/g, ""))}
          onKeyDown={(e) => {
            if (e.key === "Enter" && jump) {
              go(Number(jump));
              setJump("");
            }
          }}
          className="h-7 w-12 rounded border border-slate-300 px-1 text-center"
        />
        页
      </label>
    </nav>
  );
}
