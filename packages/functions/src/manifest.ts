import { REGISTRY, type AreaName } from "./registry.ts";
import type { RouteTable } from "./http/define.ts";

export type { AreaName };

/**
 * Every area's Lambda and its routes, and every scheduled job: read by the stacks (one function
 * per area, one API route per entry), the local gateway and the local scheduler. An area's handler
 * is `packages/functions/src/<area>/handler.ts`, exporting `handler`.
 */
type AreaDef = { routes: RouteTable; handler: string };
const areaDef = (name: string, routes: RouteTable): [string, AreaDef] => [name, { routes, handler: `packages/functions/src/${name}/handler.handler` }];
export const AREAS = Object.fromEntries(Object.entries(REGISTRY).map(([name, routes]) => areaDef(name, routes))) as Record<AreaName, AreaDef>;

export type JobDef = {
  name: string;
  schedule: string;
  /** local scheduler period */ everyMs: number;
  handler: string;
  /** Seconds (default 300) and MB (default the stack's) when a job needs more: the month job. */
  timeout?: number;
  memory?: number;
};
export const JOBS: JobDef[] = [
  { name: "sessionSweep", schedule: "cron(30 19 * * ? *)", everyMs: 24 * 60 * 60 * 1000, handler: "packages/functions/src/jobs/sessionSweep.handler" },
  // The hotel orders' payment port: due refunds settled (sandbox), orders unpaid at their payment deadline closed (orders/memberExpiry.ts).
  { name: "refundSettle", schedule: "rate(1 minute)", everyMs: 60 * 1000, handler: "packages/functions/src/jobs/refundSettle.handler" },
  // 02:00 Asia/Shanghai on the 1st = 18:00 UTC on the last day of the month before (L); locally hourly, a done month is skipped.
  { name: "splitBillMonth", schedule: "cron(0 18 L * ? *)", everyMs: 60 * 60 * 1000, handler: "packages/functions/src/jobs/splitBillMonth.handler", timeout: 900, memory: 512 },
  // The profit-sharing port's queue (well inside the spec's 5 minutes); the sandbox answers in seconds locally.
  // Unpaid goods orders closed at their deadline (stock released) and goods refunds settled (sandbox).
  { name: "goodsExpire", schedule: "rate(1 minute)", everyMs: 60 * 1000, handler: "packages/functions/src/goods/expireJob.handler" },
  { name: "profitSharing", schedule: "rate(2 minutes)", everyMs: 5 * 1000, handler: "packages/functions/src/jobs/profitSharing.handler" },
  // 00:10 Asia/Shanghai (16:10 UTC): the day before closes into the work orders' overdue totals (core workorders/overdue.ts); locally every 10 minutes, a closed day adds nothing again.
  { name: "workOrderOverdue", schedule: "cron(10 16 * * ? *)", everyMs: 10 * 60 * 1000, handler: "packages/functions/src/jobs/workOrderOverdue.handler" },
  // The workbench's occupancy roll-up (core hotels/occupancyRollup.ts), every ten minutes; a reader finding none fresh computes it.
  { name: "hotelOccupancy", schedule: "cron(0/10 * * * ? *)", everyMs: 10 * 60 * 1000, handler: "packages/functions/src/jobs/hotelOccupancy.handler" },
  // Message push: queued messages go out within a minute (every few seconds locally); a messagePush task (taskRunners.ts) may run it too.
  // Every minute written as cron: each job's expression stays unique (infra-tests pair a job with its rule by it).
  { name: "messagePush", schedule: "cron(* * * * ? *)", everyMs: 5 * 1000, handler: "packages/functions/src/jobs/messagePush.handler" },
];
