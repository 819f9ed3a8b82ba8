import { Dialog, DialogPanel, DialogTitle, DialogBackdrop } from "@headlessui/react";
import { Button } from "../Button.tsx";
import type { ConfirmOptions } from "./Confirm.tsx";

/** The question's dialog, loaded with Headless UI on the first confirm() (ui/dialogs/Confirm.tsx). */
export function ConfirmDialog({ current, answer }: { current: ConfirmOptions | undefined; answer: (ok: boolean) => void }) {
  return (
    <Dialog open={!!current} onClose={() => answer(false)} className="relative z-[900]">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/30" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[18vh]">
        {current && (
          <DialogPanel className="w-full max-w-[420px] rounded-md bg-white shadow-xl">
            <DialogTitle className="flex items-center gap-2 px-5 pt-4 text-base font-medium text-slate-800">
              <span aria-hidden className={`inline-flex size-5 items-center justify-center rounded-full text-xs text-white ${current.danger ? "bg-red-500" : "bg-amber-500"}`}>
                !
              </span>
              {current.title}
            </DialogTitle>
            <p className="px-5 py-3 pl-12 text-sm whitespace-pre-line text-slate-600">{current.message}</p>
            <div className="flex justify-end gap-2 px-5 pb-4">
              <Button size="sm" onClick={() => answer(false)}>
                取消
              </Button>
              <Button size="sm" variant={current.danger ? "danger" : "primary"} onClick={() => answer(true)} autoFocus>
                {current.okText ?? "确定"}
              </Button>
            </div>
          </DialogPanel>
        )}
      </div>
    </Dialog>
  );
}
