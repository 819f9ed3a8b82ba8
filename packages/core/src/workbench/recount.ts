import { QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { Counter, shopTotalName } from "../kernel/counters.ts";
import { dynamo } from "../kernel/aws.ts";
import { conditional, REFUSED } from "../kernel/tx.ts";
import { GiftWeek } from "../weeks/entities.ts";
import { DELAY, GIFT_STATUS, GIFT_WEEK_TOTALS } from "../weeks/rules.ts";
import { VoucherBatch } from "../vouchers/ledger/entities.ts";
import { GIFTS_PENDING_TOTAL } from "../vouchers/rules.ts";
import { Purchase } from "../finance/purchase/entity.ts";
import { STAGES, stageTotal } from "../finance/purchase/status.ts";
import { WorkOrder } from "../workorders/entities.ts";
import { APPOINTED_CODE, DUE_TOTAL, dueDay } from "../workorders/rules.ts";
import { readTallies } from "../workorders/list.ts";

/**
 * The one-off recount of the workbench's gift and review tallies (issue 36; docs/workbench.md
 * "Recount"): rows written before their per-store totals existed are in no total, so the to-dos and
 * the store-level lists miss them. Each pass reads one partition of rows in slices (a DynamoDB page
 * of at most `slice` items per step, the state JSON between steps, so a run can stop and go on), counts
 * per store, then sets each per-store total (and the tenant's, where kept) to the count.
 *
 * The race: a save or review that moves a total while the pass reads would be lost if the count
 * overwrote it. So the pass notes each total's `moves` before its first read, and sets a total only
 * if `moves` is still that (a conditional write); a total that moved, or had moved just before the
 * read (the rows' index may not show that write yet, `SETTLE_MS`), is left and its pass runs again
 * for those totals only, up to `MAX_ATTEMPTS` times. What is still unsettled then is reported.
 */
type Row = Record<string, unknown>;
/** A kept total per key under `list` (`total#<list>#<key>`; the key is the store, or day#store), and the tenant's own (`total#<list>`) where `tenant`. */
type Tally = { list: string; tenant: boolean; keys: (row: Row) => string[] };
/** The Queries whose rows the tallies count (one partition, or one per store). */
type Pass = { name: string; partitions: (tenantId: string) => Promise<QueryCommandInput[]>; tallies: Tally[] };

const shopOf = (r: Row) => String(r.shop ?? "");
const whenShop = (yes: (r: Row) => boolean) => (r: Row) => (yes(r) ? [shopOf(r)] : []);

const PASSES: Pass[] = [
  {
    name: "giftWeeks",
    // Gift weeks have no store partition: the tenant's, read once for both totals.
    partitions: async (tenantId) => [GiftWeek.query.byId({ tenantId }).params()],
    tallies: [
      { list: GIFT_WEEK_TOTALS.waiting, tenant: false, keys: whenShop((r) => r.status === GIFT_STATUS.waiting) },
      { list: GIFT_WEEK_TOTALS.delaying, tenant: false, keys: whenShop((r) => r.delay === DELAY.reviewing) },
    ],
  },
  {
    name: "giftVouchers",
    // The gift list reads the gift batches (source "gift"); a failed review deletes its batch.
    partitions: async (tenantId) => [VoucherBatch.query.bySource({ tenantId, source: "gift" }).params()],
    tallies: [{ list: GIFTS_PENDING_TOTAL, tenant: false, keys: whenShop((r) => r.status === 0) }],
  },
  ...Object.values(STAGES).map((s): Pass => ({
    name: `purchases#${s.status}`,
    partitions: async (tenantId) => [Purchase.query.byStage({ tenantId, status: s.status }).params()],
    tallies: [{ list: stageTotal(s.status), tenant: true, keys: whenShop(() => true) }],
  })),
  {
    name: "workOrdersDue",
    // Each store's accepted-not-visited partition (the work-order tallies name the stores).
    partitions: async (tenantId) =>
      (await readTallies(tenantId)).filter((t) => t.code === APPOINTED_CODE).map((t) => WorkOrder.query.byShopCode({ tenantId, shop: t.shop, code: t.code }).params()),
    tallies: [
      {
        list: DUE_TOTAL,
        tenant: false,
        keys: (r) => {
          const day = dueDay({ code: String(r.code ?? ""), appointmentTime: String(r.appointmentTime ?? "") });
          // The store's total of the day, and the tenant's of the day (rules.ts dueTotal).
          return day ? [`${day}#${shopOf(r)}`, day] : [];
        },
      },
    ],
  },
];

/** A write to a total seen this close after the snapshot's last move may not be in the rows' index yet. */
export const SETTLE_MS = 2_000;
export const MAX_ATTEMPTS = 5;
// The tenant's own total in the snapshot and the report (no department code is "*").
const TENANT = "*";

type Seen = { n: number; moves: number | null; changedAt: number };
/** Where a recount stands: plain JSON, so a run can save it after each step and go on from it. */
export type RecountState = {
  tenantId: string;
  pass: number;
  attempt: number;
  /** The pass's snapshot of its totals (per list and key; `TENANT` the tenant's own), taken before its first read. */
  seen: Record<string, Record<string, Seen>> | null;
  readFrom: number;
  /** The pass's partitions (as found at its snapshot), the one being read, and where in it. */
  parts: QueryCommandInput[];
  part: number;
  cursor: Record<string, unknown> | null;
  counts: Record<string, Record<string, number>>;
  /** On a retry, the keys still to settle per list (null: all of the pass's). */
  only: Record<string, string[]> | null;
  /** What was set, per list and key (store, day#store; `*` the tenant's own): the count. */
  set: Record<string, Record<string, number>>;
  unsettled: Array<{ list: string; key: string }>;
  done: boolean;
};

export const startRecount = (tenantId: string): RecountState => ({
  tenantId,
  pass: 0,
  attempt: 1,
  seen: null,
  readFrom: 0,
  parts: [],
  part: 0,
  cursor: null,
  counts: {},
  only: null,
  set: {},
  unsettled: [],
  done: false,
});

// The counter items' names (kernel/counters.ts keeps totals under `total#<list>`).
const counterName = (list: string, key: string) => `total#${key === TENANT ? list : shopTotalName(list, key)}`;

async function snapshot(tenantId: string, t: Tally): Promise<Record<string, Seen>> {
  const head = `total#${t.list}#`;
  const { data } = await Counter.query.byName({ tenantId }).begins({ name: head }).go({ pages: "all", ignoreOwnership: true, consistent: true });
  const seen: Record<string, Seen> = {};
  const of = (c: { n?: number; moves?: number; changedAt?: number }): Seen => ({ n: Number(c.n ?? 0), moves: c.moves ?? null, changedAt: Number(c.changedAt ?? 0) });
  for (const c of data) seen[c.name.slice(head.length)] = of(c);
  if (t.tenant) {
    const { data: own } = await Counter.get({ tenantId, name: `total#${t.list}` }).go({ ignoreOwnership: true, consistent: true });
    seen[TENANT] = own ? of(own) : { n: 0, moves: null, changedAt: 0 };
  }
  return seen;
}

/** Sets a total to `n` if it has not moved since `seen` (null: it did; the caller retries it). */
async function settle(tenantId: string, list: string, key: string, n: number, seen: Seen | undefined): Promise<boolean> {
  const moves = seen?.moves ?? null;
  const set = await conditional(
    Counter.update({ tenantId, name: counterName(list, key) })
      .set({ n, changedAt: Date.now() })
      // A move, so the lists' remembered page starts under the old version are not used again.
      .add({ moves: 1 })
      .where((a, op) => (moves === null ? op.notExists(a.moves) : op.eq(a.moves, moves)))
      .go({ response: "none" }),
  );
  return set !== REFUSED;
}

const wanted = (s: RecountState, list: string, key: string) => !s.only || (s.only[list] ?? []).includes(key);

/**
 * One step: the next slice of the current pass's rows counted, or, at the pass's end, its totals
 * set. Answers the new state (`done` when every pass is settled or given up).
 */
export async function recountStep(state: RecountState, slice = 500): Promise<RecountState> {
  const s: RecountState = structuredClone(state);
  const pass = PASSES[s.pass];
  if (!pass || s.done) return { ...s, done: true };
  if (!s.seen) {
    s.seen = Object.fromEntries(await Promise.all(pass.tallies.map(async (t) => [t.list, await snapshot(s.tenantId, t)] as const)));
    // A total moved just before the snapshot: give the rows' index time to show that write.
    const latest = Math.max(0, ...Object.values(s.seen).flatMap((m) => Object.values(m).map((x) => x.changedAt)));
    const wait = latest + SETTLE_MS - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, Math.min(wait, SETTLE_MS)));
    s.readFrom = Date.now();
    s.parts = await pass.partitions(s.tenantId);
    s.part = 0;
    s.counts = Object.fromEntries(pass.tallies.map((t) => [t.list, {}]));
    s.cursor = null;
    return s;
  }
  // A null cursor is a partition's first slice: the step that reads the last one of the last settles at once.
  const params = s.parts[s.part];
  const out = params ? await dynamo().send(new QueryCommand({ ...params, Limit: slice, ...(s.cursor ? { ExclusiveStartKey: s.cursor } : {}) })) : null;
  for (const row of out?.Items ?? []) {
    for (const t of pass.tallies) {
      const c = (s.counts[t.list] ??= {});
      for (const key of t.keys(row)) c[key] = (c[key] ?? 0) + 1;
    }
  }
  s.cursor = out?.LastEvaluatedKey ?? null;
  if (s.cursor) return s;
  s.part += 1;
  return s.part < s.parts.length ? s : settlePass(s, pass);
}

/** The pass's end: every total it covers set to its count if unmoved; the moved ones again, or given up. */
async function settlePass(s: RecountState, pass: Pass): Promise<RecountState> {
  const retry: Record<string, string[]> = {};
  for (const t of pass.tallies) {
    const seen = s.seen![t.list]!;
    const counts = s.counts[t.list] ?? {};
    // Every total there was (a store with none left goes to 0) and every one the rows call for.
    const keys = new Set([...Object.keys(seen), ...Object.keys(counts)].filter((k) => k !== TENANT));
    if (t.tenant) keys.add(TENANT);
    for (const key of keys) {
      if (!wanted(s, t.list, key)) continue;
      const n = key === TENANT ? Object.values(counts).reduce((a, b) => a + b, 0) : (counts[key] ?? 0);
      const before = seen[key];
      // Written even when it looks right: a move during the read may have offset a wrong total, and only the condition tells.
      const settled = (before?.changedAt ?? 0) <= s.readFrom - SETTLE_MS && (await settle(s.tenantId, t.list, key, n, before));
      if (settled) (s.set[t.list] ??= {})[key] = n;
      else (retry[t.list] ??= []).push(key);
    }
  }
  const again = Object.keys(retry).length > 0;
  if (again && s.attempt < MAX_ATTEMPTS) return { ...s, attempt: s.attempt + 1, seen: null, parts: [], part: 0, cursor: null, only: retry };
  if (again) s.unsettled.push(...Object.entries(retry).flatMap(([list, keys]) => keys.map((key) => ({ list, key }))));
  const next = s.pass + 1;
  return { ...s, pass: next, attempt: 1, seen: null, parts: [], part: 0, cursor: null, counts: {}, only: null, done: next >= PASSES.length };
}

/** The whole recount in one go (a test, a small tenant); a long one runs steps and keeps the state between them (scripts/recountTallies.ts). */
export async function recountTallies(tenantId: string, o: { slice?: number; onStep?: (s: RecountState) => void | Promise<void> } = {}): Promise<RecountState> {
  let s = startRecount(tenantId);
  while (!s.done) {
    s = await recountStep(s, o.slice);
    await o.onStep?.(s);
  }
  return s;
}
