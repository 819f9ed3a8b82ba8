import type { ReactNode } from "react";

/** A quiet white panel for the frame's own messages (loading, nothing here, errors). */
export function Panel({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <section className="rounded-md border border-slate-200 bg-white px-6 py-10 text-center">
      {title && <h2 className="mb-2 text-base font-medium text-slate-800">{title}</h2>}
      {children}
    </section>
  );
}

/** R020: the "reading data" notice while a screen's lookups are under way. */
export function Reading() {
  return (
    <p role="status" className="py-10 text-center text-sm text-slate-500">
      正在读取数据…
    </p>
  );
}
