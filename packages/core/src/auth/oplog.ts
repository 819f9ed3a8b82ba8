import type { EntityItem } from "electrodb";
import { OpLog } from "./entities.ts";
import { addTotal, readTotal } from "../kernel/counters.ts";
import { idBlocks } from "../kernel/idBlocks.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { boundedList, listPage, type PageRun } from "../kernel/list.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";
import { deptPathCondition, deptPathOf, ownerOf, reachPrefixes, reachesWholeTenant } from "../kernel/dataScope.ts";
import { errorText, logLine } from "../kernel/log.ts";
import { allOf } from "../kernel/filter.ts";

const TOTAL = "oplog";
/** The totals of the two filtered lists, kept beside the whole log's: a filtered list never counts by reading. */
const userTotal = (userId: number) => `${TOTAL}#user#${userId}`;
const moduleTotal = (module: string) => `${TOTAL}#module#${module}`;
/** The names of the log's tallies, for loaders that write entries in bulk (the bench). */
export const OPLOG_TOTALS = { all: TOTAL, user: userTotal, module: moduleTotal } as const;

/**
 * What the log records besides writes (ASVS V7.2): sign-ins, failures and lockouts, sign-outs,
 * refused requests (module refused, letter missing), revealed passwords and bulk reads or exports
 * of personal data. Each says who, when, from where, and for reads how many rows.
 */
export type LogEvent = "signIn" | "signInFailed" | "lockout" | "signOut" | "refused" | "reveal" | "export";

/** The Chinese name of an entry that no route label names (sign-in events, refusals). */
export const EVENT_ACTIONS: Record<"write" | LogEvent, string> = {
  write: "",
  signIn: "登录",
  signInFailed: "登录失败",
  lockout: "账号锁定",
  signOut: "退出登录",
  refused: "操作被拒绝",
  reveal: "查看密码",
  export: "读取个人信息",
};

/** Who did it: a caller, or for sign-in events the account (or the name typed) and its tenant; its departments file the entry for scoped readers. */
export type Actor = Pick<Caller, "tenantId" | "userId" | "username"> & Partial<Pick<Caller, "realname" | "deptCodes">>;

type Entry = {
  route: string;
  method?: string;
  fn?: { id: number; typename: string; module: string };
  /** Without a function, the module the entry is filed under (sign-in events: "auth"). */
  module?: string;
  ids?: string;
  /** The route's Chinese action label (define.ts actionLabel); sign-in events are named by their event. */
  action?: string;
  ip: string;
  detail?: string;
  rows?: number;
};

/**
 * Entry ids in blocks per container (kernel/idBlocks.ts): every audited request writes an entry, and
 * one counter update per entry was a round trip of its own on an item the whole tenant shares
 * (docs/performance.md, load).
 */
const entryId = idBlocks("oplog", 50);

/**
 * An entry's id taken ahead of its write: the adapter takes a refusal's while it still waits on the
 * session check, a round earlier. Unused when the session turns out ended (ids are unique, not dense).
 */
export const reserveEntryId = (tenantId: string): Promise<number> => entryId(tenantId);

/**
 * Writes one entry. Logging must never make a committed write look failed, nor a sign-in fail:
 * a failure here is reported on the error log (JSON, with what was lost) and swallowed.
 */
async function append(actor: Actor, event: "write" | LogEvent, e: Entry, reserved?: Promise<number>): Promise<void> {
  try {
    const id = await (reserved ?? entryId(actor.tenantId));
    const module = e.fn?.module || e.module || "";
    // The entry and its totals in one round (every audited write and refusal waits for it), apart
    // (not one transaction): concurrent entries would otherwise cancel each other on the totals'
    // items. A total one off is better than an entry lost, or than a round more on every write.
    const [written] = await Promise.allSettled([
      OpLog.create({
        tenantId: actor.tenantId,
        id,
        userId: actor.userId,
        username: actor.username.slice(0, 64),
        realname: actor.realname ?? "",
        functionId: e.fn?.id ?? 0,
        functionName: e.fn?.typename ?? "",
        module,
        method: e.method ?? "POST",
        route: e.route,
        ids: (e.ids ?? "").slice(0, 500),
        action: (e.action || EVENT_ACTIONS[event] || "").slice(0, 50),
        ip: e.ip,
        event,
        detail: (e.detail ?? "").slice(0, 200),
        rows: e.rows ?? 0,
        deptPath: actor.deptCodes?.length ? deptPathOf(actor.deptCodes) : "",
        createTime: formatDateTime(),
      }).go(),
      Promise.all([
        addTotal(actor.tenantId, TOTAL, 1),
        addTotal(actor.tenantId, userTotal(actor.userId), 1),
        ...(module ? [addTotal(actor.tenantId, moduleTotal(module), 1)] : []),
      ]).catch((err: unknown) => logLine("error", { msg: "operation log totals not moved", tenantId: actor.tenantId, route: e.route, error: errorText(err) })),
    ]);
    if (written.status === "rejected") throw written.reason;
  } catch (err) {
    logLine("error", {
      msg: "operation log entry not written",
      tenantId: actor.tenantId,
      userId: actor.userId,
      event,
      route: e.route,
      ids: e.ids ?? "",
      ip: e.ip,
      error: errorText(err),
    });
  }
}

/** Records a successful write: who, when, from which function, which route and ids. Never the body. */
export async function recordWrite(
  caller: Caller,
  w: { route: string; method: string; fn?: { id: number; typename: string; module: string }; ids: string; ip: string; action?: string },
): Promise<void> {
  await append(caller, "write", w);
}

/**
 * Records a security event. Never throws. Sign-in events are filed under the module "auth";
 * `refused` entries carry the refusal's message in `detail`; `reveal` and `export` name the rows
 * (`ids`) or count them (`rows`). `reserved`: its id, taken ahead (reserveEntryId).
 */
export async function recordEvent(
  actor: Actor,
  event: LogEvent,
  e: {
    route: string;
    ip: string;
    method?: string;
    fn?: { id: number; typename: string; module: string };
    module?: string;
    ids?: string;
    action?: string;
    detail?: string;
    rows?: number;
  },
  reserved?: Promise<number>,
): Promise<void> {
  await append(actor, event, { module: "auth", ...e, method: e.method ?? (event === "export" || event === "reveal" ? "GET" : "POST") }, reserved);
}

/**
 * The adapter's call for a refused request (HTTP 403 for a module, or code 403 for a missing
 * letter): who tried what, from where, and why. Never throws. `reserved`: its id, taken ahead (reserveEntryId).
 */
export async function recordRefusal(
  caller: Caller,
  r: { route: string; method: string; ip: string; reason: string; functionId?: number; fn?: { id: number; typename: string; module: string } },
  reserved?: Promise<number>,
): Promise<void> {
  await append(
    caller,
    "refused",
    {
      route: r.route,
      method: r.method,
      ip: r.ip,
      fn: r.fn ?? (r.functionId ? { id: r.functionId, typename: "", module: "" } : undefined),
      detail: r.reason,
    },
    reserved,
  );
}

export type OplogFilter = { userId?: number; module?: string };

/**
 * The operation log, newest first; filtered by user or module on an index made for it. A reader
 * whose data scope is not the whole tenant sees the entries of actors in that scope (each entry
 * carries its actor's departments, `deptPath`): "only self", their own entries (the user index);
 * otherwise the same Query filtered on `deptPath`, bounded and counted up to the cap. Entries
 * written before `deptPath` was kept have none, so only whole-tenant readers (and their actor) see them.
 */
export async function listOplog(caller: Caller, p: Paging, f: OplogFilter) {
  const { tenantId } = caller;
  if (!reachesWholeTenant(caller)) return scopedOplog(caller, p, f);
  const order = p.order === "asc" ? "asc" : "desc";
  const run: PageRun<OpLogItem> = async ({ limit, cursor, keysOnly }) => {
    const q = f.userId ? OpLog.query.byUser({ tenantId, userId: f.userId }) : f.module ? OpLog.query.byModule({ tenantId, module: f.module }) : OpLog.query.byId({ tenantId });
    // A walk to a deep page reads the ids alone: readPage only counts them and keeps the cursor.
    const page = keysOnly ? await q.go({ limit, cursor, order, attributes: ["id"] }) : await q.go({ limit, cursor, order });
    return { data: page.data as OpLogItem[], cursor: page.cursor };
  };
  // Each list's total is a kept tally (moved with every entry), never a count by reading.
  const total = () => readTotal(tenantId, f.userId ? userTotal(f.userId) : f.module ? moduleTotal(f.module) : TOTAL);
  return listPage(run, p, total, rowOf);
}

type OpLogItem = EntityItem<typeof OpLog>;
const rowOf = ({ tenantId: _t, ...row }: OpLogItem) => row;

async function scopedOplog(caller: Caller, p: Paging, f: OplogFilter) {
  const { tenantId } = caller;
  const self = ownerOf(caller) !== undefined;
  if (self && f.userId && f.userId !== caller.userId)
    return listPage(
      async () => ({ data: [], cursor: null }),
      p,
      async () => 0,
    );
  const userId = self ? caller.userId : f.userId;
  const prefixes = reachPrefixes(caller);
  const src = {
    params: (order: "asc" | "desc") => {
      const q = userId ? OpLog.query.byUser({ tenantId, userId }) : f.module ? OpLog.query.byModule({ tenantId, module: f.module }) : OpLog.query.byId({ tenantId });
      return q.where((a, op) => allOf(!self && deptPathCondition(op, a.deptPath, prefixes), !!userId && !!f.module && op.eq(a.module, f.module))).params({ order });
    },
    parse: (items: Record<string, unknown>[]) => OpLog.parse({ Items: items }).data,
  };
  // "Only self" without a module filter reads exactly the user's tally; any other filter counts, capped.
  return boundedList(src, p, { map: rowOf, ...(self && !f.module ? { total: () => readTotal(tenantId, userTotal(caller.userId)) } : {}) });
}
