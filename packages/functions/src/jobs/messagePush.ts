import { runMessagePush as run, type PushRunOptions, type PushRunResult } from "@xiangyu/core/platform/push/messages";

/**
 * The message push job: sends every due message once through the WeChat and SMS ports, retrying a
 * failing one (core/platform/push/messages.ts). A plain job of the manifest, and also the task class
 * `messagePush` (taskRunners.ts), whose task's pushcount is `retries`.
 */
export const runMessagePush = (opts: PushRunOptions = {}): Promise<PushRunResult> => run(opts);

export async function handler(): Promise<PushRunResult> {
  return runMessagePush();
}
