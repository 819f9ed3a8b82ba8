import { RUN_OUTCOMES, allDay, type RunOutcome } from "@xiangyu/core/platform/tasks/rules";

/** How the task list and its run log say a run's outcome and a task's period. */
export const outcomeText = (o: string) => RUN_OUTCOMES[o as RunOutcome] ?? "";
export const outcomeClass = (o: string) => (o === "success" ? "text-emerald-700" : o === "failed" ? "text-red-600" : "text-slate-500");

export function periodText(t: { runround: number; everyMinutes: number; starthour: number; endhour: number }) {
  if (!t.everyMinutes) return "不自动运行";
  const every = t.runround === t.everyMinutes ? `每${t.everyMinutes}分钟` : `每${t.everyMinutes}分钟（设定${t.runround}）`;
  return allDay(t.starthour, t.endhour) ? `${every}，全天` : `${every}，${t.starthour}–${t.endhour}时`;
}
