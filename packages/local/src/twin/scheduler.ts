import { JOBS } from "@xiangyu/functions/manifest";
import { loadJob } from "@xiangyu/functions/loaders";
import type { RunResult } from "@xiangyu/core/platform/tasks/run";

/** The local EventBridge: runs each job handler on its period, in this process, and the scheduled tasks (below). */
export function startScheduler(log: (s: string) => void): () => void {
  const timers = JOBS.map((job) =>
    setInterval(async () => {
      try {
        const out = await (await loadJob[job.name]()).handler({ source: "local.scheduler", "detail-type": "Scheduled Event", job: job.name });
        log(`job ${job.name}: ${JSON.stringify(out)}`);
      } catch (e) {
        log(`job ${job.name} failed: ${String(e)}`);
      }
    }, job.everyMs),
  );
  timers.push(
    setInterval(async () => {
      try {
        for (const r of await tickTasks())
          if (r.ran) log(`task ${r.taskId} run ${r.seq}: ${r.outcome}, ${r.records} records, ${r.attempts} attempt(s)${r.error ? ` (${r.error})` : ""}`);
      } catch (e) {
        log(`task tick failed: ${String(e)}`);
      }
    }, TASK_TICK_MS),
  );
  return () => timers.forEach(clearInterval);
}

/** How often the local scheduler looks for due tasks. */
export const TASK_TICK_MS = 5_000;

/**
 * One look at the scheduled tasks, the local stand-in for their EventBridge schedules: the enabled
 * task items whose period has passed (inside their hours) are handed to the very handler a
 * schedule invokes in the cloud (functions/src/jobs/taskRunner.ts), which takes the task's lease
 * first, so two schedulers (two `npm start` on one table, or a tick racing a slow run) never run
 * one task twice. Exported so tests drive it with a moved clock instead of real minutes.
 */
export async function tickTasks(): Promise<RunResult[]> {
  const [{ allTasks }, { dueTasks }, { handler }] = await Promise.all([
    import("@xiangyu/core/platform/tasks/service"),
    import("@xiangyu/core/platform/tasks/run"),
    import("@xiangyu/functions/jobs/taskRunner"),
  ]);
  const due = dueTasks(await allTasks());
  const out = await Promise.all(due.map((t) => handler({ taskId: t.id })));
  return out.filter((r): r is RunResult => r.taskId !== 0);
}
