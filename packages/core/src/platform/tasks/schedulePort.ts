import { config } from "../../kernel/config.ts";
import { scheduleRule, type ScheduleRule } from "./rules.ts";

/**
 * Where a task's schedule lives. Saving, enabling or disabling a task calls `syncSchedule`: an
 * enabled task with a period gets (or keeps, updated) its schedule, any other loses it.
 *
 * - Cloud (`config.taskSchedules` set by stacks/Jobs.ts): one EventBridge Scheduler schedule per
 *   task in the stage's group, invoking the task runner Lambda with `{ taskId }`
 *   (eventBridgeSchedules.ts).
 * - One machine: nothing to create — the local scheduler (packages/local/src/twin/scheduler.ts)
 *   reads the enabled task items every few seconds and runs the due ones through the same runner.
 *   The local adapter only remembers the rule each task would have, so tests see what the cloud
 *   would get.
 */
export type SchedulePort = {
  put(taskId: number, rule: ScheduleRule): Promise<void>;
  remove(taskId: number): Promise<void>;
};

const localRules = new Map<number, ScheduleRule>();
export const localSchedules: SchedulePort = {
  put: async (taskId, rule) => void localRules.set(taskId, rule),
  remove: async (taskId) => void localRules.delete(taskId),
};
/** What the local adapter holds for a task (tests). */
export const localScheduleOf = (taskId: number): ScheduleRule | undefined => localRules.get(taskId);

let chosen: SchedulePort | undefined;
async function port(): Promise<SchedulePort> {
  if (chosen) return chosen;
  const cloud = config.taskSchedules;
  // Loaded only in the cloud: one machine never needs the scheduler client (the runtime ships it).
  chosen = cloud ? (await import("./eventBridgeSchedules.ts")).eventBridgeSchedules(cloud) : localSchedules;
  return chosen;
}
/** Tests put a port of their own (null: back to the configured one). */
export const setSchedulePort = (p: SchedulePort | null): void => {
  chosen = p ?? undefined;
};

/** Makes the task's schedule match the task: enabled with a period → put; else → removed. */
export async function syncSchedule(t: { id: number; istate: number; runround: number; starthour: number; endhour: number }): Promise<void> {
  const p = await port();
  const rule = t.istate === 1 ? scheduleRule(t) : null;
  await (rule ? p.put(t.id, rule) : p.remove(t.id));
}

export async function removeSchedule(taskId: number): Promise<void> {
  await (await port()).remove(taskId);
}
