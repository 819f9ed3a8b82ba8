import { todosFor, type TodoDef, type TodoSource } from "./todos.ts";
import { statusCounts as orderCounts } from "../orders/list.ts";
import { codeCounts } from "../workorders/list.ts";
import { ownOnly } from "../workorders/service.ts";
import { dueTotal } from "../workorders/rules.ts";
import { overdueCount } from "../workorders/overdue.ts";
import { statusCounts as goodsCounts } from "../goods/orderList.ts";
import { byStatus } from "../platform/push/enqueue.ts";
import { PUSH_STATUS } from "../platform/push/rules.ts";
import { reachTotal, readTotal } from "../kernel/counters.ts";
import { reachesWholeTenant } from "../kernel/dataScope.ts";
import { formatDate, nowMs } from "../kernel/clock.ts";
import type { Caller } from "../kernel/context.ts";

/** One to-do as the workbench shows it: null when no kept tally answers for this caller (an "only self" list), then the link alone. */
export type TodoView = { key: string; functionId: number; label: string; count: number | null; filter: Record<string, string> };

/**
 * The caller's to-dos with their counts (issue 36): each from the kept tallies of its list within the
 * caller's reach — a Query of a tally partition or a read of a counter, never the rows — read once
 * per source however many to-dos share it, all at once.
 */
export async function workbenchTodos(caller: Caller): Promise<TodoView[]> {
  const defs = todosFor(caller.rights);
  const reads = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    if (!reads.has(key)) reads.set(key, read());
    return reads.get(key) as Promise<T>;
  };
  // What each shared read must answer: every status or code the caller's to-dos ask of it.
  const asked = <K extends TodoSource["kind"], V>(kind: K, pick: (s: Extract<TodoSource, { kind: K }>) => V): V[] => [
    ...new Set(defs.flatMap((d) => (d.source.kind === kind ? [pick(d.source as Extract<TodoSource, { kind: K }>)] : []))),
  ];
  const count = (s: TodoSource): Promise<number | null> => {
    switch (s.kind) {
      case "orders":
        return once("orders", () =>
          orderCounts(
            caller,
            "order",
            asked("orders", (o) => o.status),
          ),
        ).then((c) => (c ? c(s.status, s.checkinType) : null));
      case "storeTotal":
        return s.tenantTotal && reachesWholeTenant(caller) ? readTotal(caller.tenantId, s.tenantTotal) : reachTotal(caller, s.total);
      case "workOrders":
        return once("workOrders", () =>
          codeCounts(
            caller,
            asked("workOrders", (w) => w.code),
          ),
        ).then((c) => (c ? (c[s.code] ?? 0) : null));
      case "workOrdersDue": {
        // An inviter's list is their own work orders, which no day tally counts.
        if (ownOnly(caller)) return Promise.resolve(null);
        const day = dueTotal(formatDate(nowMs() + s.inDays * 86_400_000));
        return reachesWholeTenant(caller) ? readTotal(caller.tenantId, day) : reachTotal(caller, day);
      }
      case "workOrdersOverdue":
        // As for the due days: an inviter's own work orders are in no store's total.
        return ownOnly(caller) ? Promise.resolve(null) : overdueCount(caller);
      case "goodsOrders":
        return once(`goods#${s.goodsType}`, () =>
          goodsCounts(
            caller.tenantId,
            s.goodsType,
            asked("goodsOrders", (g) => g.status),
          ),
        ).then((c) => c[s.status] ?? 0);
      case "failedPushes":
        return readTotal(caller.tenantId, byStatus(PUSH_STATUS.failed));
    }
  };
  const counts = await Promise.all(defs.map((d) => count(d.source)));
  return defs.map((d: TodoDef, i) => ({ key: d.key, functionId: d.functionId, label: d.label, count: counts[i], filter: d.filter }));
}
