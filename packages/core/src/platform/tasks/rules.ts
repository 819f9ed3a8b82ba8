/**
 * Scheduled tasks' pure rules (R476–R483), shared by the server, the local scheduler, the cloud
 * schedule adapter and the console: which classes exist, when a task may run, and the schedule
 * expression EventBridge Scheduler gets.
 */

/** The product's jobs a task may run (functions/src/jobs/taskRunners.ts maps each to its runner). */
export const TASK_CLASSES = ["messagePush", "profitSharing", "splitBillMonth", "sessionSweep", "refundSettle", "httpPush"] as const;
export type TaskClass = (typeof TASK_CLASSES)[number];

export const TASK_CLASS_LABELS: Record<TaskClass, string> = {
  messagePush: "消息推送",
  profitSharing: "分账重新提交",
  splitBillMonth: "月度分账汇总",
  sessionSweep: "过期会话清理",
  refundSettle: "退款结算",
  httpPush: "第三方HTTP推送",
};

/** Only this class shows and keeps url, servicecode, servicekey and datacount (R480). */
export const HTTP_PUSH: TaskClass = "httpPush";
export const isHttpPush = (c: string): boolean => c === HTTP_PUSH;

export const MAX_WHITELIST_LINES = 20;
const WHITELIST_ENTRY = /^[A-Za-z0-9.:_-]{1,100}$/;

/** The whitelist (R482): one IP address or container name per line, blank lines dropped; null when a line is neither. */
export function parseWhitelist(text: string): string[] | null {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > MAX_WHITELIST_LINES || lines.some((l) => !WHITELIST_ENTRY.test(l))) return null;
  return lines;
}

/** Whether a runner known by `names` (host name, addresses) may run the task: an empty whitelist allows every runner. */
export function whitelistAllows(whitelist: string, names: readonly string[]): boolean {
  const list = (parseWhitelist(whitelist) ?? []).map((l) => l.toLowerCase());
  return list.length === 0 || names.some((n) => list.includes(n.toLowerCase()));
}

/**
 * The period a schedule really has, in whole minutes: EventBridge Scheduler counts whole minutes
 * and at least one, so a period with decimals rounds up (0.5 → 1, 1.25 → 2). 0 is no schedule
 * (the spec's default): the task is kept but never runs by itself.
 */
export function effectiveMinutes(runround: number): number | null {
  if (!(runround > 0)) return null;
  return Math.max(1, Math.ceil(runround - 1e-9));
}

/** Whether the hours window (R481) is the whole day: 0–0 (the spec's "all day") or 0–23. */
export const allDay = (starthour: number, endhour: number): boolean => (starthour === 0 && endhour === 0) || (starthour === 0 && endhour === 23);

/** Whether a task may run in this Shanghai hour: start ≤ hour ≤ end, across midnight when start > end (22–6). */
export function inWindow(starthour: number, endhour: number, hour: number): boolean {
  if (allDay(starthour, endhour)) return true;
  return starthour <= endhour ? hour >= starthour && hour <= endhour : hour >= starthour || hour <= endhour;
}

/**
 * How early a tick may come and still count as due: the local scheduler looks every few seconds,
 * and EventBridge may fire a little before the period has fully passed since the last start.
 */
export const DUE_SLACK_MS = 5_000;

/** Whether a run is due: never ran, or its period has passed since the last start (less the slack). */
export function isDue(lastRunAt: number | undefined, now: number, minutes: number): boolean {
  if (!lastRunAt) return true;
  return now - lastRunAt >= minutes * 60_000 - Math.min(DUE_SLACK_MS, (minutes * 60_000) / 2);
}

export type ScheduleRule = { expression: string; timezone: "Asia/Shanghai" };

/**
 * The EventBridge Scheduler expression of a task, null when it has no schedule. All day:
 * `rate(N minutes)`. A window and a period under an hour: a cron firing every N minutes of each
 * hour in the window, Shanghai time (the minute count restarts each hour, so 7 minutes fires at
 * :00, :07 … :56 then :00). A window and a longer period: the rate, and the runner skips the
 * ticks outside the window (it checks the window on every run anyway).
 */
export function scheduleRule(t: { runround: number; starthour: number; endhour: number }): ScheduleRule | null {
  const n = effectiveMinutes(t.runround);
  if (n === null) return null;
  const rate: ScheduleRule = { expression: `rate(${n} ${n === 1 ? "minute" : "minutes"})`, timezone: "Asia/Shanghai" };
  if (allDay(t.starthour, t.endhour) || n >= 60) return rate;
  const hours = t.starthour === t.endhour ? `${t.starthour}` : t.starthour < t.endhour ? `${t.starthour}-${t.endhour}` : `${t.starthour}-23,0-${t.endhour}`;
  return { expression: `cron(${n === 1 ? "*" : `0/${n}`} ${hours} * * ? *)`, timezone: "Asia/Shanghai" };
}

/** The outcome of a run as the run log and the list show it. */
export const RUN_OUTCOMES = { running: "运行中", success: "成功", failed: "失败", skipped: "跳过" } as const;
export type RunOutcome = keyof typeof RUN_OUTCOMES;
