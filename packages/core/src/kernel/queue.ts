import { formatDateTime, nowMs } from "./clock.ts";

/**
 * "Due by now" for the job queues keyed by due time (the refund queue, the profit-sharing queue):
 * their sort keys go on past `dueAt` (tenant, record, …), so a read asks `lt(dueNow())`, before the
 * next second — `lte` on the bare second would leave what falls due in this very second for the
 * next run (a test that settles at once then waits a whole period).
 */
export const dueNow = (): { dueAt: string } => ({ dueAt: formatDateTime(nowMs() + 1000) });
