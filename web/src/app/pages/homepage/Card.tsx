import type { ReactNode } from "react";

export function Card({ title, children, className = "" }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-md border border-slate-200 bg-white ${className}`}>
      <h2 className="border-b border-slate-100 px-4 py-2.5 text-sm font-medium text-slate-800">{title}</h2>
      <div className="px-4 py-3">{children}</div>
    </section>
  );
}

/** A label/value row of a card. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 py-1 text-sm">
      <dt className="w-16 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 flex-1 text-slate-800">{children}</dd>
    </div>
  );
}
