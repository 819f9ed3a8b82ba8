import { useEffect, useState } from "react";
import { Dialog, DialogPanel, DialogTitle, DialogBackdrop } from "@headlessui/react";
import { Button } from "./Button.tsx";

/**
 * `confirm()` asks a yes/no question from anywhere (a toggle, a delete, a tree action) and resolves
 * true only on the OK button; Cancel, Escape or a click outside resolve false. Questions queue, so
 * two at once are asked one after the other. <ConfirmHost/> (mounted once by the frame) shows them.
 */
export type ConfirmOptions = { title: string; message: string; okText?: string; danger?: boolean };
type Question = ConfirmOptions & { answer: (ok: boolean) => void };

const queue: Question[] = [];
const hosts = new Set<() => void>();
const notify = () => hosts.forEach((h) => h());

export function confirm(opts: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    queue.push({ ...opts, answer: resolve });
    notify();
  });
}

export function ConfirmHost() {
  const [current, setCurrent] = useState<Question | undefined>(queue[0]);

  useEffect(() => {
    const sync = () => setCurrent(queue[0]);
    hosts.add(sync);
    sync();
    return () => {
      hosts.delete(sync);
    };
  }, []);

  function answer(ok: boolean) {
    const q = queue.shift();
    q?.answer(ok);
    notify();
  }

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
