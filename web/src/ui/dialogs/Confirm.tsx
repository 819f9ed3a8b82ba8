import { lazy, Suspense, useEffect, useState } from "react";

/**
 * `confirm()` asks a yes/no question from anywhere (a toggle, a delete, a tree action) and resolves
 * true only on the OK button; Cancel, Escape or a click outside resolve false. Questions queue, so
 * two at once are asked one after the other. <ConfirmHost/> (mounted once by the frame) shows them;
 * moving to another screen cancels them (dismissAll).
 * The dialog itself (Headless UI) loads once the host has mounted: the frame's first chunk stays without it.
 */
export type ConfirmOptions = { title: string; message: string; okText?: string; danger?: boolean };
type Question = ConfirmOptions & { answer: (ok: boolean) => void };

const loadDialog = () => import("./ConfirmDialog.tsx");
const ConfirmDialog = lazy(() => loadDialog().then((m) => ({ default: m.ConfirmDialog })));

const queue: Question[] = [];
const hosts = new Set<() => void>();
const notify = () => hosts.forEach((h) => h());

export function confirm(opts: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    queue.push({ ...opts, answer: resolve });
    notify();
  });
}

/**
 * Answers every open and queued question "no" (Cancel): the frame calls it when the user moves to
 * another screen (the back button, a link, a sign-out), so no question about the last screen's
 * record stays over the next one.
 */
export function dismissAll() {
  if (!queue.length) return;
  for (const q of queue.splice(0)) q.answer(false);
  notify();
}

export function ConfirmHost() {
  const [current, setCurrent] = useState<Question | undefined>(queue[0]);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const sync = () => setCurrent(queue[0]);
    hosts.add(sync);
    sync();
    // The dialog comes after the first paint, then stays mounted (closed) as it always was, so a
    // question opens it rather than mounting it open.
    let mounted = true;
    loadDialog().then(
      () => mounted && setReady(true),
      () => undefined,
    );
    return () => {
      mounted = false;
      hosts.delete(sync);
    };
  }, []);

  function answer(ok: boolean) {
    const q = queue.shift();
    q?.answer(ok);
    notify();
  }

  if (!ready && !current) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog current={current} answer={answer} />
    </Suspense>
  );
}
