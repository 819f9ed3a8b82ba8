import { Tenant, type TenantItem } from "./entities.ts";
import { requirePlatformOperator } from "./operator.ts";
import { formatDateTime, nowMs, parseBusiness } from "../kernel/clock.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * The operator's view of the tenants being removed (issue 37; GET platform/removals): deleting
 * tenants leave the tenant list at once, their removal (tenantRemoval.ts) goes on in the background.
 * Progress is what the worker's checkpoint writes on the tenant's record: the items removed so far,
 * the removal's start and its last checkpoint.
 */

/**
 * A removal without a checkpoint for this long has lost its worker: a slice (1,000 keys) takes
 * seconds, an invocation hands over after 10 minutes, and Lambda retries a failed or timed-out run
 * (15 minutes at most) after 1 and then 2 minutes — so a live chain is never silent for more than
 * ≈ 17 minutes. Past this it is 已中断: another delete of the tenant continues it from its checkpoint.
 */
export const SILENT_REMOVAL_MS = 20 * 60_000;

const REMOVAL_STATE_NAMES = { running: "删除中", stalled: "已中断" } as const;

export type TenantRemovalView = {
  id: number;
  clientId: string;
  systemName: string;
  /** Items of the tenant deleted so far (keys on the tenant index, its counters not counted until the end). */
  removedItems: number;
  /** When the removal began, and its last checkpoint ("" before the first). */
  startTime: string;
  progressTime: string;
  state: keyof typeof REMOVAL_STATE_NAMES;
  stateName: string;
};

/** The delete's time (the record's updateTime) until the worker's first checkpoint records the start. */
const startOf = (t: TenantItem) => t.removalStart || parseBusiness(t.updateTime ?? "")?.valueOf() || 0;

function removalView(t: TenantItem, now: number): TenantRemovalView {
  const start = startOf(t);
  const last = t.removalAt || start;
  const state = last && now - last > SILENT_REMOVAL_MS ? "stalled" : "running";
  return {
    id: t.id,
    clientId: t.clientId,
    systemName: t.systemName ?? "",
    removedItems: t.removedItems ?? 0,
    startTime: start ? formatDateTime(start) : "",
    progressTime: t.removalAt ? formatDateTime(t.removalAt) : "",
    state,
    stateName: REMOVAL_STATE_NAMES[state],
  };
}

/** Every tenant being removed (the platform operator's alone), the earliest started first. */
export async function tenantRemovals(caller: Caller): Promise<TenantRemovalView[]> {
  await requirePlatformOperator(caller);
  const { data } = await Tenant.query.byClientId({}).go({ pages: "all", consistent: true });
  const now = nowMs();
  return data
    .filter((t) => t.deleting === 1)
    .map((t) => removalView(t, now))
    .sort((a, b) => (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : a.id - b.id));
}
