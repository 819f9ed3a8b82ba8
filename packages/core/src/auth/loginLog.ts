import { LoginLog } from "./entities.ts";
import { addTotal, nextId, readTotal } from "../kernel/counters.ts";
import { formatDateTime, nowMs, shanghai } from "../kernel/clock.ts";
import { boundedList, type ListSource } from "../kernel/list.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";
import { errorText, logLine } from "../kernel/log.ts";
import type { EntityItem } from "electrodb";

const TOTAL = "loginlog";
const userTotal = (userId: number) => `${TOTAL}#user#${userId}`;
const resultTotal = (result: LoginResult) => `${TOTAL}#result#${result}`;
/** The tallies of the log's lists, for loaders that write entries in bulk (the bench). */
export const LOGINLOG_TOTALS = { all: TOTAL, user: userTotal, result: resultTotal } as const;

export type LoginResult = "ok" | "fail";
export const LOGIN_RESULTS = ["ok", "fail"] as const;

/** A browser's user agent is kept to this many characters: enough to tell browser and system apart. */
export const AGENT_MAX = 300;

export type LoginAttempt = {
  tenantId: string;
  userId: number;
  username: string;
  realname?: string;
  ip: string;
  agent?: string;
  result: LoginResult;
  reason?: string;
};

/**
 * Records one sign-in attempt. Like the operation log it never fails a sign-in: a lost entry is one
 * JSON error line. The tallies move apart from the item (concurrent sign-ins would cancel each
 * other's transactions on them); a total one short is better than a sign-in refused.
 */
export async function recordLogin(a: LoginAttempt): Promise<void> {
  try {
    const id = await nextId(a.tenantId, "loginlog");
    await LoginLog.create({
      tenantId: a.tenantId,
      id,
      userId: a.userId,
      username: a.username.slice(0, 64),
      realname: (a.realname ?? "").slice(0, 64),
      ip: a.ip.slice(0, 64),
      agent: (a.agent ?? "").slice(0, AGENT_MAX),
      result: a.result,
      reason: (a.reason ?? "").slice(0, 50),
      createTime: formatDateTime(nowMs()),
    }).go({ response: "none" });
    await Promise.all([addTotal(a.tenantId, TOTAL, 1), addTotal(a.tenantId, userTotal(a.userId), 1), addTotal(a.tenantId, resultTotal(a.result), 1)]);
  } catch (err) {
    logLine("error", { msg: "login log entry not written", tenantId: a.tenantId, userId: a.userId, ip: a.ip, error: errorText(err) });
  }
}

export type LoginLogFilter = { userId?: number; result?: LoginResult; from?: string; to?: string };
export type LoginLogRow = Omit<EntityItem<typeof LoginLog>, "tenantId">;

/** The day after a business date: the exclusive end of a date range on `createTime`. */
const dayAfter = (date: string) => shanghai(shanghai(Date.parse(`${date}T00:00:00+08:00`)).valueOf() + 86_400_000).format("YYYY-MM-DD");

/**
 * The login log, newest first. Each filter is a key: a user's entries are their own partition, a
 * result's too, and a date range is a condition on the sort key (`createTime` comes first), so a
 * page is one Query whatever the log's size. User and result together read the user's partition
 * filtered on the result (a user's entries are few). Totals: kept tallies without dates, a capped
 * count with them (kernel/list.ts).
 */
export async function listLoginLog(caller: Caller, p: Paging, f: LoginLogFilter) {
  const { tenantId } = caller;
  const base =
    f.userId !== undefined
      ? LoginLog.query.byUser({ tenantId, userId: f.userId })
      : f.result
        ? LoginLog.query.byResult({ tenantId, result: f.result })
        : LoginLog.query.byTime({ tenantId });
  // A range on the sort key's first composite; the upper bound is the next day, which no entry's time equals.
  const ranged = f.from || f.to ? base.between({ createTime: f.from ?? "0000-00-00" }, { createTime: f.to ? dayAfter(f.to) : "9999-99-99" }) : base;
  const filtered = f.userId !== undefined && f.result ? ranged.where(({ result }, { eq }) => eq(result, f.result!)) : ranged;
  const src: ListSource<EntityItem<typeof LoginLog>> = {
    params: (order) => filtered.params({ order }),
    parse: (items) => LoginLog.parse({ Items: items }).data,
  };
  const tally = f.from || f.to || (f.userId !== undefined && f.result) ? undefined : f.userId !== undefined ? userTotal(f.userId) : f.result ? resultTotal(f.result) : TOTAL;
  return boundedList(src, p, {
    total: tally ? () => readTotal(tenantId, tally) : undefined,
    map: ({ tenantId: _t, ...row }) => row,
  });
}
