import { REGISTRY, type AreaName } from "./registry.ts";
import type { ApiEvent, LambdaResult } from "./http/event.ts";

/**
 * Loads area and job handlers on demand, for the local gateway, the scheduler and the tests.
 * Kept apart from manifest.ts so the stacks, which read the manifest, do not pull in every handler.
 */
/** What an area's handler module exports: its Lambda (http/app.ts `lambda`). */
type AreaModule = { handler: (event: ApiEvent, context: { awsRequestId: string }) => Promise<LambdaResult> };
/** An area's handler module, `./<area>/handler.ts` (the manifest's naming). */
const areaModule = (name: AreaName): Promise<AreaModule> => import(`./${name}/handler.ts`);
export const loadArea = Object.fromEntries(Object.keys(REGISTRY).map((name) => [name, () => areaModule(name as AreaName)])) as Record<AreaName, () => Promise<AreaModule>>;

/** What EventBridge sends a job (the local scheduler sends the same); jobs read nothing of it. */
type ScheduledEvent = { source: string; "detail-type": string; job: string };
export const loadJob: Record<string, () => Promise<{ handler: (event: ScheduledEvent) => Promise<unknown> }>> = {
  sessionSweep: () => import("./jobs/sessionSweep.ts"),
  refundSettle: () => import("./jobs/refundSettle.ts"),
  splitBillMonth: () => import("./jobs/splitBillMonth.ts"),
  profitSharing: () => import("./jobs/profitSharing.ts"),
  goodsExpire: () => import("./goods/expireJob.ts"),
  messagePush: () => import("./jobs/messagePush.ts"),
  workOrderOverdue: () => import("./jobs/workOrderOverdue.ts"),
  hotelOccupancy: () => import("./jobs/hotelOccupancy.ts"),
};
