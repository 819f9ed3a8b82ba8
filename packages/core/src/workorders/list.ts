import { WorkOrder, WorkOrderTally, type WorkOrderItem } from "./entities.ts";
import { APPOINTED_CODE, fitsAppointment } from "./rules.ts";
import { ownOnly } from "./service.ts";
import { workOrderRow, type WorkOrderRow } from "./views.ts";
import { namingFor } from "../clients/lookups.ts";
import { shopPrefixes } from "../clients/scope.ts";
import { withinPrefixes, wholeTenant, shopCondition, type Prefixes } from "../kernel/dataScope.ts";
import { boundedList, checkDepth } from "../kernel/list.ts";
import { listKey } from "../kernel/pageStarts.ts";
import { idPartition, mergedPage, rowsById, tallyVersion, type Partition } from "../kernel/mergedPages.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams, type Paging } from "../kernel/paging.ts";
import { today } from "../kernel/clock.ts";
import type { Caller } from "../kernel/context.ts";
import { allOf, anyOf, type WhereAttrs, type WhereOps } from "../kernel/filter.ts";

/**
 * The work-order list (R307–R309): store, status code, appointment date, keyword; newest first.
 *
 * Without a keyword or appointment filter the list reads partitions named by the tallies (one per
 * store and code, gsi1) — a store and a status is one Query, a status over many stores merges their
 * partitions by id (kernel/mergedPages.ts) — and the total is the tallies' sum, so page 50
 * costs a walk of ids (or none, from a remembered start), never a count. A keyword (client name or mobile) or the appointment filter
 * reads one partition with a filter, within the kernel's bounds (boundedList). An inviter (data
 * scope self) or isSales=1 reads their own partition (gsi3).
 */
export type WorkOrderFilter = { shop?: string; status?: string; appointmentType?: number; isSales?: number };

export type Tally = { shop: string; code: string; n: number; moves: number; changedAt: number };

/** Every tally, empty ones too (their moves are part of the version), read consistently. */
export async function readTallies(tenantId: string): Promise<Tally[]> {
  const { data } = await WorkOrderTally.query.byTenant({ tenantId }).go({ pages: "all", consistent: true });
  return data.map((t) => ({ shop: t.shop, code: t.code, n: t.n ?? 0, moves: t.moves ?? 0, changedAt: t.changedAt ?? 0 }));
}

/** How many work orders of each code the caller's stores hold (the workbench): the tallies in reach; null for an "only self" caller (no tally of theirs). */
export async function codeCounts(caller: Caller, codes: readonly string[]): Promise<Record<string, number> | null> {
  if (ownOnly(caller)) return null;
  const prefixes = shopPrefixes(caller);
  const inReach = (await readTallies(caller.tenantId)).filter((t) => withinPrefixes(prefixes, t.shop));
  return Object.fromEntries(codes.map((code) => [code, inReach.filter((t) => t.code === code).reduce((s, t) => s + t.n, 0)]));
}

function partitions(tenantId: string, code: string | undefined, whole: boolean, tallies: Tally[]): Partition<WorkOrderItem>[] {
  const hits = tallies.filter((t) => t.n > 0);
  const total = hits.reduce((s, t) => s + t.n, 0);
  if (whole && !code) return total ? [idPartition(total, () => WorkOrder.query.byId({ tenantId }))] : [];
  return hits.map((t) => idPartition(t.n, () => WorkOrder.query.byShopCode({ tenantId, shop: t.shop, code: t.code })));
}

export async function listWorkOrders(caller: Caller, p: Paging, f: WorkOrderFilter): Promise<Envelope<never, WorkOrderItem>> {
  const { tenantId } = caller;
  const prefixes = shopPrefixes(caller, f.shop);
  const keyword = p.keyword.trim();
  const code = f.status || undefined;
  const appointment = code === APPOINTED_CODE && f.appointmentType ? f.appointmentType : 0;
  const own = ownOnly(caller) || f.isSales === 1;
  if (keyword || appointment || own) return filtered(caller, p, prefixes, { code, keyword, appointment, own });

  checkDepth(p);
  const from = (p.currentPage - 1) * p.pageSize;
  const tallies = (await readTallies(tenantId)).filter((t) => withinPrefixes(prefixes, t.shop) && (!code || t.code === code));
  const parts = partitions(tenantId, code, wholeTenant(prefixes), tallies);
  const total = parts.reduce((s, x) => s + x.n, 0);
  if (total <= from) return okList([], pageParams(p, total));
  const name = listKey("workOrders", tenantId, prefixes.join(","), code ?? "");
  const rows = await mergedPage(parts, p, { list: name, version: tallyVersion(tallies), load: (ids) => rowsById<WorkOrderItem>(WorkOrder, tenantId, ids) });
  return okList(rows, pageParams(p, total));
}

/** The list's page as the screen shows it: each row with its status's and store's names, and the appointment's label. */
export async function workOrderRows(caller: Caller, p: Paging, f: WorkOrderFilter): Promise<Envelope<never, WorkOrderRow>> {
  const [page, naming] = await Promise.all([listWorkOrders(caller, p, f), namingFor(caller.tenantId)]);
  const day = today();
  const rows = (page.dataList ?? []).map((w) => workOrderRow(w, { statusName: naming.workOrderName(w.code), shopName: naming.shopName(w.shop), today: day }));
  return okList(rows, page.pageParams);
}

/** The keyword, appointment or own-work-orders list: one partition filtered, bounded by the kernel. */
function filtered(caller: Caller, p: Paging, prefixes: Prefixes, o: { code?: string; keyword: string; appointment: number; own: boolean }) {
  const { tenantId } = caller;
  const query = o.own ? WorkOrder.query.byUser({ tenantId, bookingUser: caller.userId }) : WorkOrder.query.byId({ tenantId });
  const day = today();
  const source = {
    params: (order: "asc" | "desc") =>
      query
        .where((a, op) =>
          allOf(
            shopCondition(op, a.shop, prefixes),
            o.code && op.eq(a.code, o.code),
            o.keyword && anyOf(op.contains(a.clientName, o.keyword), op.begins(a.mobile, o.keyword)),
            !!o.appointment && appointmentCondition(op, a.appointmentTime, o.appointment, day),
          ),
        )
        .params({ order }),
    parse: (items: Record<string, unknown>[]) => WorkOrder.parse({ Items: items }).data as WorkOrderItem[],
  };
  return boundedList(source, p);
}

/** R309 as a condition on the stored "YYYY-MM-DD HH:mm:ss" (compared as text): today, tomorrow, within a week, expired. */
function appointmentCondition(op: WhereOps<typeof WorkOrder>, attr: WhereAttrs<typeof WorkOrder>["appointmentTime"], filter: number, day: string): string {
  const plus = (n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  if (filter === 1) return op.between(attr, day, `${day} 23:59:59`);
  if (filter === 2) return op.between(attr, plus(1), `${plus(1)} 23:59:59`);
  if (filter === 3) return op.between(attr, day, `${plus(7)} 23:59:59`);
  return allOf(op.lt(attr, day), op.gt(attr, ""));
}

export { fitsAppointment };
