import { useState, type ReactNode } from "react";
import { Button } from "../Button.tsx";

/** The step bar of the 3- and 4-step forms (mini-program config, voucher purchase, hotel orders). */
export function Steps({ titles, current }: { titles: string[]; current: number }) {
  return (
    <ol className="flex items-center gap-2 text-sm">
      {titles.map((t, i) => {
        const state = i < current ? "done" : i === current ? "current" : "todo";
        return (
          <li key={t} aria-current={state === "current" ? "step" : undefined} className="flex flex-1 items-center gap-2 last:flex-none">
            <span
              className={`flex size-6 shrink-0 items-center justify-center rounded-full border text-xs ${
                state === "done" ? "border-blue-600 text-blue-600" : state === "current" ? "border-blue-600 bg-blue-600 text-white" : "border-slate-300 text-slate-400"
              }`}
            >
              {state === "done" ? "✓" : i + 1}
            </span>
            <span className={`whitespace-nowrap ${state === "todo" ? "text-slate-400" : "text-slate-800"}`}>{t}</span>
            {i < titles.length - 1 && <span aria-hidden className={`h-px flex-1 ${state === "done" ? "bg-blue-600" : "bg-slate-200"}`} />}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A form in steps: 下一步 moves on only when the step's `validate` agrees (it shows its own
 * messages), 上一步 goes back without checking, and the last step's button finishes.
 */
export type WizardStep = { title: string; content: ReactNode; validate?: () => boolean | Promise<boolean> };

export function Wizard({ steps, onFinish, finishText = "提交", busy }: { steps: WizardStep[]; onFinish: () => void | Promise<void>; finishText?: string; busy?: boolean }) {
  const [current, setCurrent] = useState(0);
  const [checking, setChecking] = useState(false);
  const last = current === steps.length - 1;

  async function next() {
    const check = steps[current].validate;
    setChecking(true);
    try {
      if (check && !(await check())) return;
      if (last) await onFinish();
      else setCurrent((c) => c + 1);
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <Steps titles={steps.map((s) => s.title)} current={current} />
      <div>{steps[current].content}</div>
      <div className="flex justify-center gap-2 border-t border-slate-100 pt-3">
        {current > 0 && <Button onClick={() => setCurrent((c) => c - 1)}>上一步</Button>}
        <Button variant="primary" onClick={next} busy={checking || busy}>
          {last ? finishText : "下一步"}
        </Button>
      </div>
    </div>
  );
}
