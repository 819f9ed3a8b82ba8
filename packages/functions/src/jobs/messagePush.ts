import { runMessagePush as run, type PushRunOptions, type PushRunResult } from "@xiangyu/core/platform/push/messages";

/**
 * The message push job: sends every due message once through the WeChat and SMS ports, retrying a
 * failing one (core/platform/push/messages.ts). Scheduled as a plain job until the scheduled-task
 * registry (taskRunners.ts) runs it as the task class `messagePush`, whose task's pushcount is `retries`.
 */
export const runMessagePush = (opts: PushRunOptions = {}): Promise<PushRunResult> => run(opts);

export async function handler(): Promise<PushRunResult> {
  return runMessagePush();
}
