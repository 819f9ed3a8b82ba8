/**
 * Toasts are raised anywhere (api callers, forms) and shown by <Toaster/> in web/src/ui.
 * Durations follow R017: success 2 s, 5 s when it shows the server's text; errors 3 s.
 */
export type ToastKind = "success" | "error" | "warning" | "info";
export type ToastItem = { id: number; kind: ToastKind; text: string; ms: number };

type Listener = (t: ToastItem) => void;
const listeners = new Set<Listener>();
let seq = 0;
/** How many toasters listen (one while the frame is mounted): lets a test see a toaster let go. */
export const toastListeners = () => listeners.size;

function emit(kind: ToastKind, text: string, ms: number) {
  const t = { id: ++seq, kind, text, ms };
  listeners.forEach((l) => l(t));
  return t;
}

export const toast = {
  /** `serverText` (the reply's desc) replaces the default and stays longer. */
  success: (fallback: string, serverText?: string) => (serverText ? emit("success", serverText, 5000) : emit("success", fallback, 2000)),
  error: (text: string) => emit("error", text, 3000),
  warning: (text: string) => emit("warning", text, 3000),
  info: (text: string) => emit("info", text, 2000),
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/** The spec's fallbacks when a failed reply has no desc (R007–R010). */
export const FALLBACK = {
  save: "保存出错",
  list: "读取出错",
  view: "读取数据出错",
  handle: "办理出错",
} as const;

/** Shows a failed reply's desc, or the fallback for the kind of call. */
export const toastFailure = (desc: string | undefined, kind: keyof typeof FALLBACK) => toast.error(desc || FALLBACK[kind]);
