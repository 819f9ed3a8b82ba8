import { MonthUnit, MONTH_UNIT_TRIES, type MonthUnitItem } from "./monthUnit.ts";
import { computeMonth, type MonthRunResult } from "./service.ts";
import { allTenantIds } from "./tenants.ts";
import { monthKey, previousMonth } from "./rules.ts";
import { startWorker, type Worker } from "../../kernel/background.ts";
import { config } from "../../kernel/config.ts";
import { formatDateTime, nowMs, today } from "../../kernel/clock.ts";
import { REFUSED, conditional } from "../../kernel/tx.ts";
import { mapLimit } from "../../kernel/batch.ts";
import { errorText, logLine } from "../../kernel/log.ts";

/**
 * The month job fanned out per tenant (issue 37; docs/decisions.md "The month job per tenant").
 * The schedule runs the dispatcher: it writes one unit per tenant and month (monthUnit.ts) and
 * starts one worker per unit that is due — an asynchronous invoke of the month worker Lambda in the
 * cloud (its retries, dead-letter queue and alarm are Lambda's, stacks/Jobs.ts), the same run in
 * this process on one machine. A worker claims its unit (a conditional write, so a second delivery
 * or a retry racing it leaves at once), computes the month (service.ts computeMonth: rows keyed by
 * type + month + object, their money set, never added, so a rerun rewrites the same figures) and
 * ends the unit done, or failed with the error. A tenant that fails stops no other: each is its
 * own invocation, and the dispatcher goes on past a start that failed.
 */
export type MonthOrder = { tenantId: string; month: string };
const monthWorker: Worker<MonthOrder> = { name: "monthUnit", run: (order) => runMonthUnit(order), functionName: () => config.monthWorker };

/** A claim lasts the worker Lambda's 5 minutes and a little: a unit still running after it had its worker die. */
const LEASE_MS = 6 * 60_000;

/** Fault injection (tests): the stop points of the job, from the dispatcher's starts to a unit's rows. */
export type MonthFault = (at: "start" | "row" | "rows" | "computed" | "unit" | "failing") => void;
type UnitOptions = { fault?: MonthFault; leaseMs?: number };
type UnitRun = { claimed: false } | { claimed: true; result: MonthRunResult };

const due = (u: MonthUnitItem | undefined, now: number) => !u || (u.state !== "done" && u.attempts < u.limit && (u.state !== "running" || u.leaseUntil <= now));

/** Claims a tenant's month for this run: the attempt's number, or undefined when done, held by a live run, or out of tries. */
async function claim(order: MonthOrder, leaseMs: number): Promise<number | undefined> {
  const { tenantId, month } = order;
  const now = nowMs();
  const { data: u } = await MonthUnit.get({ month, tenantId }).go({ consistent: true });
  if (!due(u ?? undefined, now)) return undefined;
  const taken = { state: "running" as const, leaseUntil: now + leaseMs, startTime: formatDateTime(), endTime: "" };
  if (!u) return (await conditional(MonthUnit.create({ month, tenantId, ...taken, attempts: 1 }).go())) === REFUSED ? undefined : 1;
  // Conditioned on what was read: of two claims at once one wins, the other leaves.
  const write = MonthUnit.patch({ month, tenantId })
    .set(taken)
    .add({ attempts: 1 })
    .where((a, { eq }) => `${eq(a.attempts, u.attempts)} AND ${eq(a.state, u.state)}`)
    .go();
  return (await conditional(write)) === REFUSED ? undefined : u.attempts + 1;
}

/** Ends the attempt's unit; a run that lost its claim (its lease ran out and another took over) changes nothing. */
async function settle(order: MonthOrder, attempt: number, fields: Partial<Pick<MonthUnitItem, "state" | "lastError" | "rows" | "monthTotalFen">>): Promise<void> {
  await conditional(
    MonthUnit.patch(order)
      .set({ ...fields, leaseUntil: 0, endTime: formatDateTime() })
      .where((a, { eq }) => `${eq(a.attempts, attempt)} AND ${eq(a.state, "running")}`)
      .go(),
  );
}

/**
 * The worker: one tenant's month. A failure is written on the unit (the operator's view) and thrown
 * again, so Lambda retries it (a new claim, while tries are left) and dead-letters the last one.
 */
export async function runMonthUnit(order: MonthOrder, o: UnitOptions = {}): Promise<UnitRun> {
  const attempt = await claim(order, o.leaseMs ?? LEASE_MS);
  if (attempt === undefined) return { claimed: false };
  const [year, month] = order.month.split("-").map(Number) as [number, number];
  try {
    const result = await computeMonth(order.tenantId, year, month, { fault: o.fault });
    o.fault?.("computed");
    await settle(order, attempt, { state: "done", lastError: "", rows: result.rows, monthTotalFen: Math.round(result.monthTotal * 100) });
    o.fault?.("unit");
    return { claimed: true, result };
  } catch (e) {
    logLine("error", { msg: "month unit failed", tenant: order.tenantId, month: order.month, attempt, error: errorText(e) });
    o.fault?.("failing");
    await settle(order, attempt, { state: "failed", lastError: String((e as Error)?.message ?? e).slice(0, 500) });
    throw e;
  }
}

type DispatchOptions = {
  /** The day the run counts from (its previous month is computed); today in Asia/Shanghai. */
  date?: string;
  /** The tenants (tests); every tenant not being deleted. */
  tenantIds?: string[];
  /** An operator's run (a scheduled task of class splitBillMonth): units that used their tries get as many again. */
  retryFailed?: boolean;
  /** How a unit's worker is started (tests run it in place and await it); the month worker otherwise. */
  start?: (order: MonthOrder) => Promise<unknown>;
  fault?: MonthFault;
};
export type Dispatched = { month: string; tenants: number; started: number; done: number; failed: number; notStarted: number };

/**
 * The dispatcher (the schedule's job): writes the units of the previous month that are missing and
 * starts a worker for each unit that is due — new, failed with tries left, or running past its
 * lease. Done units are never started again, so it may run any number of times (EventBridge's
 * retries, the hourly local schedule, an operator's task). A start that fails is logged and the
 * next tenants are started; the run then throws, so its own retry starts what is left.
 */
export async function dispatchMonth(o: DispatchOptions = {}): Promise<Dispatched> {
  const prev = previousMonth(o.date ?? today());
  const month = monthKey(prev.year, prev.month);
  const [tenants, { data: units }] = await Promise.all([o.tenantIds ?? allTenantIds(), MonthUnit.query.byMonth({ month }).go({ pages: "all" })]);
  const byTenant = new Map(units.map((u) => [u.tenantId, u]));
  await mapLimit(
    tenants.filter((t) => !byTenant.has(t)),
    // Refused: another dispatch wrote it first.
    (tenantId) => conditional(MonthUnit.create({ month, tenantId, state: "pending" }).go()),
  );
  if (o.retryFailed) await mapLimit(tenants, (tenantId) => grantTries(byTenant.get(tenantId)));
  const now = nowMs();
  const start = o.start ?? ((order: MonthOrder) => startWorker(monthWorker, order));
  const toStart = tenants.filter((t) => {
    const u = byTenant.get(t);
    return due(u && o.retryFailed && u.state === "failed" ? { ...u, limit: u.attempts + MONTH_UNIT_TRIES } : u, now);
  });
  let notStarted = 0;
  await mapLimit(toStart, async (tenantId) => {
    try {
      await start({ tenantId, month });
    } catch (e) {
      // Not this tenant's end: the next ones are started all the same.
      notStarted++;
      logLine("error", { msg: "month unit not started", tenant: tenantId, month, error: errorText(e) });
    }
    o.fault?.("start");
  });
  const { data: after } = await MonthUnit.query.byMonth({ month }).go({ pages: "all" });
  const mine = new Set(tenants);
  const count = (state: string) => after.filter((u) => mine.has(u.tenantId) && u.state === state).length;
  const out = { month, tenants: tenants.length, started: toStart.length - notStarted, done: count("done"), failed: count("failed"), notStarted };
  // Thrown after every tenant had its turn: the dispatcher's retry starts only what is still due.
  if (notStarted) throw new Error(`month job ${month}: ${notStarted} of ${toStart.length} units not started`);
  return out;
}

/** A failed unit that used its tries gets as many again (the operator asked for this run). */
async function grantTries(u: MonthUnitItem | undefined): Promise<void> {
  if (!u || u.state !== "failed" || u.attempts < u.limit) return;
  await conditional(
    MonthUnit.patch({ month: u.month, tenantId: u.tenantId })
      .set({ limit: u.attempts + MONTH_UNIT_TRIES })
      .where((a, { eq }) => `${eq(a.attempts, u.attempts)} AND ${eq(a.state, "failed")}`)
      .go(),
  );
}
