import type { ReactNode } from "react";
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";

/**
 * The edit/view dialog of the spec, in its widths: 500, 600 (winner registration), 800 (pay channel),
 * 1000 (goods specifications, R408), 1200, or the whole window (information editor). The body scrolls; the footer stays visible.
 */
export type ModalWidth = 500 | 600 | 800 | 1000 | 1200 | "full";

type Props = {
  open: boolean;
  title: ReactNode;
  width?: ModalWidth;
  onClose: () => void;
  footer?: ReactNode;
  children: ReactNode;
};

export function Modal({ open, title, width = 600, onClose, footer, children }: Props) {
  const full = width === "full";
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[800]">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className={`fixed inset-0 flex justify-center ${full ? "" : "items-start overflow-y-auto p-4 pt-[6vh]"}`}>
        <DialogPanel
          data-width={width}
          style={full ? undefined : { width, maxWidth: "calc(100vw - 2rem)" }}
          className={`flex flex-col bg-white shadow-xl ${full ? "h-screen w-screen" : "max-h-[88vh] rounded-md"}`}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
            <DialogTitle className="text-base font-medium text-slate-800">{title}</DialogTitle>
            <button type="button" aria-label="关闭" onClick={onClose} className="text-xl leading-none text-slate-400 hover:text-slate-700">
              ×
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
