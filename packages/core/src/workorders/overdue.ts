import { WorkOrderFold, type WorkOrderItem } from "./entities.ts";
import { DUE_TOTAL, OVERDUE_TOTAL, dueDay, dueTotal, overdueFold } from "./rules.ts";
import { Counter, shopTotalName, totalDelta } from "../kernel/counters.ts";
import { REFUSED, conditional, transact, txCheck, txUpdate, type TxItem } from "../kernel/tx.ts";
import { DomainError } from "../kernel/errors.ts";
import { formatDate, nowMs, today } from "../kernel/clock.ts";
import { mapLimit } from "../kernel/batch.ts";
import { reachPrefixes, wholeTenant, withinPrefixes, type Scoped } from "../kernel/dataScope.ts";

/**
 * Appointments past their day and never visited (issue 36; docs/workbench.md "Overdue"), counted
 * from kept totals. A work order counts on its day's due total (`dueTotal`) while that day is open;
 * the nightly job closes the days before today (`WorkOrderFold.through`) and adds each store's
 * closed due total to its overdue total (`OVERDUE_TOTAL`). From the moment a day is closed, a save or
 * delete that takes a work order off that day (or puts one on it) moves the overdue total instead,
 * so the closed day's due total is frozen at what the job adds.
 *
 * The race at the close: a save that read "open" must not commit after the close, or its move of
 * the due total would miss the overdue total. So a save touching an open day up to today carries a
 * condition that the day is still open (`through` below it); the close is a conditional write of
 * `through`, so one of the two is first and the save, if second, runs again with the day closed.
 */
type Due = Pick<WorkOrderItem, "shop" | "code" | "appointmentTime">;

const DAY_MS = 86_400_000;
/** What a save answers if the day closed under it three times running (it is run again first). */
const DAY_CLOSED = "应邀日期已结转，请重试";
const FOLDED = "该日已结转";
// The kernel's name of a total's item (kernel/counters.ts totalName): the fold reads the due totals by their item names.
const itemName = (list: string) => `total#${list}`;

/** The last closed day of the tenant ("" none yet), read consistently: a save decides by it. */
async function readMark(tenantId: string): Promise<{ through: string; done: string }> {
  const { data } = await WorkOrderFold.get({ tenantId }).go({ consistent: true });
  return { through: data?.through ?? "", done: data?.done ?? "" };
}

/**
 * The due and overdue totals a work order's change moves, from `before` to `after`, the tenant's
 * days up to `through` closed: net per total (a transaction takes an item once), with the condition
 * that each open day up to today is still open.
 */
function dueMoves(tenantId: string, before: Due | null, after: Due | null, through: string): TxItem[] {
  const deltas = new Map<string, number>();
  const open: string[] = [];
  const move = (w: Due | null, by: number) => {
    const day = w && dueDay(w);
    if (!day) return;
    const list = day <= through ? OVERDUE_TOTAL : dueTotal(day);
    if (day > through && day <= today()) open.push(day);
    for (const name of [shopTotalName(list, w.shop), list]) deltas.set(name, (deltas.get(name) ?? 0) + by);
  };
  move(before, -1);
  move(after, 1);
  const items = [...deltas].filter(([, d]) => d !== 0).map(([name, d]) => totalDelta(tenantId, name, d));
  if (open.length) {
    const first = open.sort()[0]!;
    items.push(
      txCheck(
        WorkOrderFold.delete({ tenantId }).where((a, { notExists, lt }) => `(${notExists(a.through)} OR ${lt(a.through, first)})`),
        DAY_CLOSED,
      ),
    );
  }
  return items;
}

/**
 * Runs a save's or delete's transaction with its due moves: the mark is read only when a day up to
 * today is touched (a later day cannot be closed yet), and a close that lands between the read and
 * the write runs it again with the day closed.
 */
export async function transactWithDue(tenantId: string, before: Due | null, after: Due | null, items: TxItem[]): Promise<void> {
  const touchesPast = [before, after].some((w) => {
    const day = w && dueDay(w);
    return !!day && day <= today();
  });
  for (let attempt = 1; ; attempt++) {
    const through = touchesPast ? (await readMark(tenantId)).through : "";
    try {
      return await transact([...items, ...dueMoves(tenantId, before, after, through)]);
    } catch (e) {
      if (!(e instanceof DomainError && e.desc === DAY_CLOSED) || attempt >= 3) throw e;
    }
  }
}

/**
 * The nightly fold of one tenant: closes every day before `closeThrough`'s next (yesterday by
 * default), then adds each closed day's due totals, per store and the tenant's, to the overdue
 * totals — each (day, store) once, marked in the same transaction — and notes the days done. Run
 * again (a retry, a second scheduler, a run cut short) it only adds what no run added.
 */
export async function foldOverdue(tenantId: string, closeThrough = formatDate(nowMs() - DAY_MS)): Promise<{ folded: number }> {
  let mark = await readMark(tenantId);
  if (mark.through < closeThrough) {
    const prev = mark.through;
    const closed = await conditional(
      WorkOrderFold.update({ tenantId })
        .set({ through: closeThrough })
        .where((a, { eq, notExists }) => (prev ? eq(a.through, prev) : notExists(a.through)))
        .go({ response: "none" }),
    );
    // Another run closed first: go on from what it set (its adds are idempotent with ours).
    mark = closed === REFUSED ? await readMark(tenantId) : { ...mark, through: closeThrough };
  }
  if (mark.done >= mark.through) return { folded: 0 };
  const head = itemName(`${DUE_TOTAL}#`);
  // Days after `done` up to `through`: the tenant's item of a day and its stores' items sort together.
  const from = mark.done ? `${head}${mark.done}#\uffff` : head;
  const { data } = await Counter.query
    .byName({ tenantId })
    .between({ name: from }, { name: `${head}${mark.through}#\uffff` })
    .go({ pages: "all", consistent: true, ignoreOwnership: true });
  const due = data.flatMap((c) => {
    const [day, shop] = c.name.slice(head.length).split(/#(.*)/s) as [string, string | undefined];
    const n = Number(c.n ?? 0);
    return day > mark.done && day <= mark.through && n > 0 ? [{ day, shop: shop ?? "", n }] : [];
  });
  const added = await mapLimit(due, async ({ day, shop, n }): Promise<number> => {
    const fold = shop ? shopTotalName(overdueFold(day), shop) : overdueFold(day);
    try {
      await transact([
        txUpdate(
          Counter.update({ tenantId, name: itemName(fold) })
            .add({ n: 1, moves: 1 })
            .set({ changedAt: Date.now() })
            .where((a, { notExists }) => notExists(a.moves)),
          FOLDED,
        ),
        totalDelta(tenantId, shop ? shopTotalName(OVERDUE_TOTAL, shop) : OVERDUE_TOTAL, n),
      ]);
      return 1;
    } catch (e) {
      if (e instanceof DomainError && e.desc === FOLDED) return 0;
      throw e;
    }
  });
  const through = mark.through;
  await conditional(
    WorkOrderFold.update({ tenantId })
      .set({ done: through })
      .where((a, { lt, notExists }) => `(${notExists(a.done)} OR ${lt(a.done, through)})`)
      .go({ response: "none" }),
  );
  return { folded: added.reduce((s, x) => s + x, 0) };
}

/** The raw totals of `list` per store in reach (the tenant's own under "" for a whole-tenant reach): a store's overdue total may dip below 0 until its day is added. */
async function rawTotals(tenantId: string, prefixes: string[], list: string): Promise<Map<string, number>> {
  if (wholeTenant(prefixes)) {
    const { data } = await Counter.get({ tenantId, name: itemName(list) }).go({ ignoreOwnership: true });
    return new Map([["", Number(data?.n ?? 0)]]);
  }
  const head = itemName(`${list}#`);
  const found = await Promise.all(
    prefixes.map(async (p) => {
      const code = p.endsWith("$") ? p.slice(0, -1) : p;
      const { data } = await Counter.query
        .byName({ tenantId })
        .begins({ name: `${head}${code}` })
        .go({ pages: "all", ignoreOwnership: true });
      return data.map((c) => [c.name.slice(head.length), Number(c.n ?? 0)] as const);
    }),
  );
  return new Map(found.flat().filter(([shop]) => withinPrefixes(prefixes, shop)));
}

/**
 * 逾期未到场 in the caller's reach: each store's overdue total, plus yesterday's due total where the
 * job has not added it yet (before the night's run, or during it) — three reads of kept totals.
 * A day before yesterday is the job's: if it has not run for days, those days wait for its next run.
 */
export async function overdueCount(caller: Scoped & { tenantId: string }): Promise<number> {
  const yesterday = formatDate(nowMs() - DAY_MS);
  const prefixes = reachPrefixes(caller);
  const [overdue, due, folded] = await Promise.all([OVERDUE_TOTAL, dueTotal(yesterday), overdueFold(yesterday)].map((l) => rawTotals(caller.tenantId, prefixes, l)));
  let sum = 0;
  for (const shop of new Set([...overdue.keys(), ...due.keys()])) sum += Math.max(0, (overdue.get(shop) ?? 0) + ((folded.get(shop) ?? 0) > 0 ? 0 : (due.get(shop) ?? 0)));
  return sum;
}
