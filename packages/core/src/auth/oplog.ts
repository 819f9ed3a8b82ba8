import { OpLog } from "./entities.ts";
import { nextId, readTotal, totalDelta } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { transact, txPut } from "../kernel/tx.ts";
import { listPage, countAll, type PageRun } from "../kernel/list.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";

const TOTAL = "oplog";

/** Records a successful write: who, when, from which function, which route and ids. Never the body. */
export async function recordWrite(
  caller: Caller,
  w: { route: string; method: string; fn?: { id: number; typename: string; module: string }; ids: string; ip: string },
): Promise<void> {
  const id = await nextId(caller.tenantId, "oplog");
  await transact([
    txPut(
      OpLog.create({
        tenantId: caller.tenantId,
        id,
        userId: caller.userId,
        username: caller.username,
        realname: caller.realname,
        functionId: w.fn?.id ?? 0,
        functionName: w.fn?.typename ?? "",
        module: w.fn?.module ?? "",
        method: w.method,
        route: w.route,
        ids: w.ids,
        ip: w.ip,
        createTime: formatDateTime(),
      }).params(),
    ),
    totalDelta(caller.tenantId, TOTAL, 1),
  ]);
}

export type OplogFilter = { userId?: number; module?: string };

/** The operation log, newest first; filtered by user or module on an index made for it. */
export async function listOplog(caller: Caller, p: Paging, f: OplogFilter) {
  const { tenantId } = caller;
  const order = p.order === "asc" ? "asc" : "desc";
  const run: PageRun<any> = ({ limit, cursor, keysOnly }) => {
    const opts = { limit, cursor, order, ...(keysOnly ? { attributes: ["id"] as any } : {}) } as const;
    const q = f.userId
      ? OpLog.query.byUser({ tenantId, userId: f.userId })
      : f.module
        ? OpLog.query.byModule({ tenantId, module: f.module })
        : OpLog.query.byId({ tenantId });
    return q.go(opts as any) as any;
  };
  const total = f.userId || f.module ? () => countAll(run) : () => readTotal(tenantId, TOTAL);
  return listPage(run, p, total, ({ tenantId: _t, ...row }: any) => row);
}
