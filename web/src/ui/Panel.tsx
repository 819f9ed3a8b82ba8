import type { ReactNode } from "react";

/** A white card on the console's grey canvas, with an optional title bar and actions. */
export function Panel({ title, actions, className = "", children }: { title?: ReactNode; actions?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section className={`rounded-md border border-slate-200 bg-white ${className}`}>
      {(title || actions) && (
        <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
          <h2 className="text-sm font-medium text-slate-700">{title}</h2>
          <div className="flex items-center gap-2">{actions}</div>
        </header>
      )}
      {children}
    </section>
  );
}
