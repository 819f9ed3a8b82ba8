import { hostname, networkInterfaces } from "node:os";
import { randomUUID } from "node:crypto";
import { ScheduledTask, TaskLease, TaskRun, type TaskItem } from "./entities.ts";
import { DUE_SLACK_MS, effectiveMinutes, inWindow, isDue, whitelistAllows, type RunOutcome } from "./rules.ts";
import { RUN_LOG_KEEP } from "./service.ts";
import { formatDateTime, nowMs, shanghai } from "../../kernel/clock.ts";
import { conditional, REFUSED } from "../../kernel/tx.ts";
import { logLine } from "../../kernel/log.ts";
import { allOf } from "../../kernel/filter.ts";

/**
 * One run of a scheduled task, the same whoever asks: the cloud's task runner Lambda (invoked by
 * the task's EventBridge schedule) and the local scheduler (twin/scheduler.ts) both call `runTask`.
 *
 * 1. The task must be enabled, have a period, be inside its hours window (Shanghai) and allow this
 *    runner by its whitelist; otherwise nothing happens.
 * 2. The lease: one conditional update, true only when no run holds the task (or the holder's
 *    time is up) and the period has passed since the last start. However many schedulers or
 *    deliveries race, one takes it; the others return at once. It also numbers the run.
 * 3. The run: the class's runner, tried 1 + pushcount times (the task's retries, R483) with a
 *    pause between; the run log gets start, end, records, outcome, attempts and the last error;
 *    the task gets its heartbeat (R483: last run time) and last outcome; the lease is freed.
 */
export type TaskRunner = (task: TaskItem) => Promise<number>;
export type RunnerFor = (taskClass: string) => Promise<TaskRunner | undefined>;

/** Longest a run may hold its task: the task runner Lambda's timeout (stacks/Jobs.ts). */
export const LEASE_MS = 15 * 60_000;

let retryPauseMs = 1_000;
/** Tests shorten the pause between attempts. */
export const setRetryPause = (ms: number): void => {
  retryPauseMs = ms;
};

/** The names a whitelist may give this runner: its host name and its addresses. */
export function runnerNames(): string[] {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((a) => !!a && !a.internal)
    .map((a) => a!.address);
  return [hostname(), ...addresses];
}

export type RunResult =
  | { ran: false; taskId: number; reason: "missing" | "disabled" | "unscheduled" | "outside hours" | "whitelist" | "not due" }
  | { ran: true; taskId: number; seq: number; outcome: RunOutcome; records: number; attempts: number; error: string };

export async function runTask(taskId: number, runnerFor: RunnerFor, o: { names?: string[] } = {}): Promise<RunResult> {
  const { data: task } = await ScheduledTask.get({ id: taskId }).go();
  if (!task) return { ran: false, taskId, reason: "missing" };
  if (task.istate !== 1) return { ran: false, taskId, reason: "disabled" };
  const minutes = effectiveMinutes(task.runround);
  if (minutes === null) return { ran: false, taskId, reason: "unscheduled" };
  const start = nowMs();
  if (!inWindow(task.starthour, task.endhour, Number(shanghai(start).format("HH")))) return { ran: false, taskId, reason: "outside hours" };
  const names = o.names ?? runnerNames();
  if (!whitelistAllows(task.addressip, names)) return { ran: false, taskId, reason: "whitelist" };

  const holder = `${names[0] ?? "runner"}#${randomUUID().slice(0, 8)}`;
  const seq = await takeLease(taskId, holder, start, minutes);
  if (seq === null) return { ran: false, taskId, reason: "not due" };

  const startTime = formatDateTime(start);
  await TaskRun.create({ taskId, seq, startTime, outcome: "running", runner: holder }).go({ response: "none" });
  await touchTask(taskId, { heartbeat: startTime, lastRunAt: start, lastOutcome: "running" });

  const tries = 1 + Math.max(0, task.pushcount);
  let attempts = 0;
  let records = 0;
  let error = "";
  let outcome: RunOutcome = "failed";
  const runner = await runnerFor(task.apiThreadClass);
  if (!runner) {
    attempts = 1;
    error = `任务线程类${task.apiThreadClass}暂无执行程序`;
  } else {
    while (attempts < tries) {
      attempts++;
      try {
        records = await runner(task);
        outcome = "success";
        error = "";
        break;
      } catch (e) {
        error = String((e as Error)?.message ?? e).slice(0, 500);
        if (attempts < tries) await new Promise((r) => setTimeout(r, retryPauseMs * attempts));
      }
    }
  }

  const endTime = formatDateTime();
  await TaskRun.patch({ taskId, seq }).set({ endTime, records, outcome, attempts, error }).go({ response: "none" });
  if (seq > RUN_LOG_KEEP) await TaskRun.delete({ taskId, seq: seq - RUN_LOG_KEEP }).go({ response: "none" });
  await touchTask(taskId, { heartbeat: endTime, lastOutcome: outcome, lastRecords: records, lastError: error });
  await releaseLease(taskId, holder);
  if (outcome === "failed") logLine("error", { msg: "task failed", task: taskId, seq, attempts, error });
  return { ran: true, taskId, seq, outcome, records, attempts, error };
}

/** The lease's conditional update; the run's number, or null when another holds it or the run is not due. */
async function takeLease(taskId: number, holder: string, now: number, minutes: number): Promise<number | null> {
  // isDue(lastRunAt) ⟺ lastRunAt ≤ now − (period − slack): the same rule, as a condition.
  const dueBefore = now - (minutes * 60_000 - Math.min(DUE_SLACK_MS, (minutes * 60_000) / 2));
  const taken = await conditional(
    TaskLease.patch({ taskId })
      .set({ until: now + LEASE_MS, holder, lastRunAt: now })
      .add({ runs: 1 })
      .where(({ until, lastRunAt }, { lt, lte }) => allOf(lt(until, now), lte(lastRunAt, dueBefore)))
      .go({ response: "all_new" }),
  );
  return taken === REFUSED ? null : (taken.data as { runs: number }).runs;
}

async function releaseLease(taskId: number, holder: string): Promise<void> {
  // Refused: the task was deleted meanwhile, or the lease expired and another run holds it: nothing to free.
  await conditional(
    TaskLease.patch({ taskId })
      .set({ until: 0, holder: "" })
      .where((a, { eq }) => eq(a.holder, holder))
      .go({ response: "none" }),
  );
}

/** The task's heartbeat and last outcome; a task deleted during its run is not brought back. */
async function touchTask(id: number, set: Partial<Pick<TaskItem, "heartbeat" | "lastRunAt" | "lastOutcome" | "lastRecords" | "lastError">>): Promise<void> {
  await conditional(ScheduledTask.patch({ id }).set(set).go({ response: "none" }));
}

/** What the local scheduler runs on a tick: enabled tasks whose period has passed (the lease decides for sure). */
export function dueTasks(tasks: readonly TaskItem[], now = nowMs()): TaskItem[] {
  return tasks.filter((t) => {
    const minutes = effectiveMinutes(t.runround);
    return t.istate === 1 && minutes !== null && isDue(t.lastRunAt, now, minutes) && inWindow(t.starthour, t.endhour, Number(shanghai(now).format("HH")));
  });
}
