import type { ReactNode } from "react";

/** A titled part of the order detail. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="border-t border-slate-100 pt-2">
      <h3 className="mb-1 text-xs font-medium text-slate-500">{title}</h3>
      {children}
    </section>
  );
}

/** Label/value pairs; empty values are left out. */
export function Pairs({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, v]) => v !== "" && v !== null && v !== undefined);
  return (
    <dl className="grid grid-cols-[6.5rem_1fr] gap-x-2 gap-y-0.5">
      {shown.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="text-slate-800">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
