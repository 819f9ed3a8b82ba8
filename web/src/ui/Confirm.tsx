import { lazy, Suspense, useEffect, useState } from "react";

/**
 * `confirm()` asks a yes/no question from anywhere (a toggle, a delete, a tree action) and resolves
 * true only on the OK button; Cancel, Escape or a click outside resolve false. Questions queue, so
 * two at once are asked one after the other. <ConfirmHost/> (mounted once by the frame) shows them.
 * The dialog itself (Headless UI) loads on the first question: the frame's first chunk stays without it.
 */
export type ConfirmOptions = { title: string; message: string; okText?: string; danger?: boolean };
type Question = ConfirmOptions & { answer: (ok: boolean) => void };

const ConfirmDialog = lazy(() => import("./ConfirmDialog.tsx").then((m) => ({ default: m.ConfirmDialog })));

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
  const [asked, setAsked] = useState(false);
  if (current && !asked) setAsked(true);

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

  // Mounted from the first question on, so later ones open (and close) in the same dialog.
  if (!current && !asked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog current={current} answer={answer} />
    </Suspense>
  );
}
