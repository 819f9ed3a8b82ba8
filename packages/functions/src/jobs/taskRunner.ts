import { runTask, type RunResult } from "@xiangyu/core/platform/tasks/run";
import { runnerFor } from "./taskRunners.ts";

/**
 * The task runner: what a task's EventBridge schedule invokes in the cloud (`{ taskId }`,
 * core/platform/tasks/eventBridgeSchedules.ts) and what the local scheduler calls on one machine
 * (packages/local/src/twin/scheduler.ts). The lease inside runTask makes a repeated delivery or a
 * racing scheduler a no-op; a failed run is retried and logged there, so this handler throws only
 * on a real fault (the table unreachable), which the Lambda's alarm reports.
 */
export async function handler(event: { taskId?: unknown }): Promise<RunResult | { ran: false; taskId: 0; reason: "bad event" }> {
  const taskId = Number(event?.taskId);
  if (!Number.isInteger(taskId) || taskId < 1) return { ran: false, taskId: 0, reason: "bad event" };
  return runTask(taskId, runnerFor);
}
