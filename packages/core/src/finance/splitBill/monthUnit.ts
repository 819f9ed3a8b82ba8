import { Entity } from "electrodb";
import { SERVICE, entityConfig } from "../../kernel/entity.ts";
import { fenToYuan } from "../../kernel/money.ts";
import { nowMs } from "../../kernel/clock.ts";
import { Tenant } from "../../platform/entities.ts";
import { requirePlatformOperator } from "../../platform/operator.ts";
import type { Caller } from "../../kernel/context.ts";
import { monthKey } from "./rules.ts";

/**
 * One unit of the month job (issue 37; docs/decisions.md "The month job per tenant"): one tenant's
 * month, written by the dispatcher and claimed by the worker that computes it. A platform record
 * (the operator's, keyed by the month so one Query lists a month's tenants); it carries `tenantId`,
 * so the tenant index finds it and a tenant's removal takes it too.
 * - `state`: pending (written, no worker yet), running (claimed until `leaseUntil`), done, failed;
 * - `attempts` counts claims; a unit is claimed only while `attempts < limit` (bounded retries; an
 *   operator's run of the job raises `limit` for a unit that used its tries).
 */
const MONTH_UNIT_STATES = ["pending", "running", "done", "failed"] as const;
type MonthUnitState = (typeof MONTH_UNIT_STATES)[number];
/** Tries of a unit: Lambda's first run and its two retries (stacks/Jobs.ts). */
export const MONTH_UNIT_TRIES = 3;

export const MonthUnit = /* @__PURE__ */ new Entity(
  {
    model: { entity: "monthUnit", version: "1", service: SERVICE },
    attributes: {
      month: { type: "string", required: true },
      tenantId: { type: "string", required: true },
      state: { type: MONTH_UNIT_STATES, required: true },
      attempts: { type: "number", required: true, default: 0 },
      limit: { type: "number", required: true, default: MONTH_UNIT_TRIES },
      /** Epoch ms until which a running unit's worker holds it; after it a crashed worker's unit may be claimed again. */
      leaseUntil: { type: "number", required: true, default: 0 },
      lastError: { type: "string", default: "" },
      startTime: { type: "string", default: "" },
      endTime: { type: "string", default: "" },
      rows: { type: "number", default: 0 },
      monthTotalFen: { type: "number", default: 0 },
    },
    indexes: {
      byMonth: { scope: "monthUnit", pk: { field: "pk", composite: ["month"] }, sk: { field: "sk", composite: ["tenantId"] } },
    },
  },
  /* @__PURE__ */ entityConfig(),
);
export type MonthUnitItem = import("electrodb").EntityItem<typeof MonthUnit>;

const STATE_NAMES: Record<MonthUnitState, string> = { pending: "待计算", running: "计算中", done: "已完成", failed: "失败" };

/** A unit that says running after its lease is a worker that died (a timeout, a crash): shown as such. */
const stateName = (u: MonthUnitItem, now: number) => (u.state === "running" && u.leaseUntil <= now ? "中断" : STATE_NAMES[u.state]);

export type MonthUnitView = {
  clientId: string;
  systemName: string;
  state: MonthUnitState;
  stateName: string;
  attempts: number;
  maxAttempts: number;
  lastError: string;
  startTime: string;
  endTime: string;
  rows: number;
  monthTotal: number;
};

/** Every unit of a month with its tenant's name (the platform operator's alone): failed ones first, then by tenant. */
export async function monthUnits(caller: Caller, year: number, month: number): Promise<MonthUnitView[]> {
  await requirePlatformOperator(caller);
  const [{ data: units }, { data: tenants }] = await Promise.all([
    MonthUnit.query.byMonth({ month: monthKey(year, month) }).go({ pages: "all" }),
    Tenant.query.byClientId({}).go({ pages: "all", attributes: ["clientId", "systemName"] }),
  ]);
  const names = new Map(tenants.map((t) => [t.clientId, t.systemName ?? ""]));
  const now = nowMs();
  const failedFirst = (u: MonthUnitItem) => (u.state === "failed" ? 0 : 1);
  return units
    .sort((a, b) => failedFirst(a) - failedFirst(b) || (a.tenantId < b.tenantId ? -1 : a.tenantId > b.tenantId ? 1 : 0))
    .map((u) => ({
      clientId: u.tenantId,
      systemName: names.get(u.tenantId) ?? "",
      state: u.state,
      stateName: stateName(u, now),
      attempts: u.attempts,
      maxAttempts: u.limit,
      lastError: u.lastError ?? "",
      startTime: u.startTime ?? "",
      endTime: u.endTime ?? "",
      rows: u.rows ?? 0,
      monthTotal: fenToYuan(u.monthTotalFen ?? 0),
    }));
}
