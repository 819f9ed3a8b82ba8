import type { TaskClass } from "@xiangyu/core/platform/tasks/rules";
import type { TaskRunner } from "@xiangyu/core/platform/tasks/run";

/**
 * What each task class runs (core/platform/tasks/rules.ts TASK_CLASSES): the product's jobs, each
 * loaded on first use so the task runner's bundle carries them but a run loads only its own.
 * A runner returns how many records it handled (the run log's "records").
 * - `messagePush`: the message push job (core/platform/push/messages.ts); the task's pushcount is
 *   how often a failing message is retried. It also runs as a plain job of the manifest, so messages
 *   go out without a configured task; two runs at once are safe (each message is leased).
 */
export const TASK_RUNNERS: Partial<Record<TaskClass, () => Promise<TaskRunner>>> = {
  sessionSweep: async () => {
    const { handler } = await import("./sessionSweep.ts");
    return async () => (await handler()).removed;
  },
  // Re-submission of the profit-sharing records that are due (failed ones the operator re-requested included).
  profitSharing: async () => {
    const { handler } = await import("./profitSharing.ts");
    return async () => (await handler()).worked;
  },
  // The month job's dispatcher, as the operator's run: failed tenants get new tries; the records are the units started.
  splitBillMonth: async () => {
    const { handler } = await import("./splitBillMonth.ts");
    return async () => (await handler({ retryFailed: true })).started;
  },
  refundSettle: async () => {
    const { handler } = await import("./refundSettle.ts");
    return async () => {
      const { settled, closed } = await handler();
      return settled + closed;
    };
  },
  messagePush: async () => {
    const { runMessagePush } = await import("./messagePush.ts");
    return async (task) => (await runMessagePush({ retries: task.pushcount })).claimed;
  },
  httpPush: async () => (await import("@xiangyu/core/platform/tasks/httpPush")).runHttpPush,
};

export async function runnerFor(taskClass: string): Promise<TaskRunner | undefined> {
  const load = TASK_RUNNERS[taskClass as TaskClass];
  return load ? load() : undefined;
}
