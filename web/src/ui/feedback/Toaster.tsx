import { useEffect, useRef, useState } from "react";
import { toast, type ToastItem, type ToastKind } from "../../lib/toast.ts";

/**
 * Shows the toasts raised through lib/toast.ts, stacked at the top centre (or low, on a phone). Each leaves after its own
 * duration (R017: success 2 s, 5 s with server text; errors 3 s) and can be dismissed by a click.
 */
const tone: Record<ToastKind, string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-800",
  error: "border-red-200 bg-red-50 text-red-700",
  warning: "border-amber-200 bg-amber-50 text-amber-800",
  info: "border-slate-200 bg-white text-slate-700",
};
const mark: Record<ToastKind, string> = { success: "✓", error: "✕", warning: "!", info: "i" };

/** `place`: the console's at the top; the member H5's low on the phone, off its screen bar and near the thumb. */
export function Toaster({ place = "top" }: { place?: "top" | "bottom" }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const live = timers.current;
    const off = toast.subscribe((t) => {
      setItems((list) => [...list, t]);
      live.set(
        t.id,
        setTimeout(() => dismiss(t.id), t.ms),
      );
    });
    return () => {
      off();
      live.forEach(clearTimeout);
      live.clear();
    };
  }, []);

  function dismiss(id: number) {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setItems((list) => list.filter((x) => x.id !== id));
  }

  return (
    <div className={`pointer-events-none fixed inset-x-0 z-[1000] flex flex-col items-center gap-2 ${place === "top" ? "top-4" : "bottom-24"}`} aria-live="polite">
      {items.map((t) => (
        <div
          key={t.id}
          role={t.kind === "error" || t.kind === "warning" ? "alert" : "status"}
          data-kind={t.kind}
          onClick={() => dismiss(t.id)}
          className={`pointer-events-auto flex max-w-[90vw] min-w-64 cursor-default items-center gap-2 rounded border px-4 py-2 text-sm shadow-md ${tone[t.kind]}`}
        >
          <span aria-hidden className="font-bold">
            {mark[t.kind]}
          </span>
          <span className="whitespace-pre-line">{t.text}</span>
        </div>
      ))}
    </div>
  );
}
