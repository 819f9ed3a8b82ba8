import { SplitMonthRun, SplitRow, SplitSetting, type SplitMonthRunItem, type SplitRowItem } from "./entities.ts";
import { GROUP_TYPE, MSG, TYPE_DIM, bpToPercent, closeLines, monthKey, planRows, type Ratio } from "./rules.ts";
import type { ProportionInput } from "./schemas.ts";
import { monthTotal } from "./rules.ts";
import { readMonth, readMonthStores } from "../tallies/tally.ts";
import { styleList } from "../../platform/styleParams.ts";
import { namingFor } from "../../clients/lookups.ts";
import { nextIds } from "../../kernel/counters.ts";
import { formatDateTime } from "../../kernel/clock.ts";
import { fenToYuan } from "../../kernel/money.ts";
import { DomainError } from "../../kernel/errors.ts";
import { conditional, REFUSED } from "../../kernel/tx.ts";
import { mapLimit } from "../../kernel/batch.ts";
import { who, type Caller } from "../../kernel/context.ts";

/**
 * Split-bill settings, the month job and the summaries read from its rows (R243–R251, docs/gaps.md §8).
 * Money is fen inside; the views give yuan with 2 decimals.
 */
/** The style list whose codes a client's 客户来源 holds (channels/service.ts's default list). */
const CHANNEL_LIST = "clientSource";

// ── settings ──

export type SettingView = { splitbillType: number; typeName: string; proportion: number };

/** One line per type of the `splitbillType` list, with its proportion (0 when never set). */
export async function listSettings(tenantId: string): Promise<SettingView[]> {
  const [types, { data }] = await Promise.all([styleList(tenantId, "splitbillType"), SplitSetting.query.byTenant({ tenantId }).go({ pages: "all" })]);
  const bp = new Map(data.map((s) => [s.splitbillType, s.bp]));
  return types
    .filter((t) => /^\d+$/.test(t.styleid))
    .map((t) => ({ splitbillType: Number(t.styleid), typeName: t.stylename, proportion: bpToPercent(bp.get(Number(t.styleid)) ?? 0) }));
}

/** The proportions in force now, as the month job takes them. */
async function currentRatios(tenantId: string): Promise<Ratio[]> {
  return (await listSettings(tenantId)).map((s) => ({ splitbillType: s.splitbillType, bp: Math.round(s.proportion * 100) }));
}

/**
 * Saves every proportion (R245–R247; the route asks A or E, 你没有设置分账权限): the total exactly
 * 100 (the schema refuses otherwise), and only types of the tenant's list. A type left out is 0.
 */
export async function saveSettings(caller: Caller, list: ProportionInput[]): Promise<void> {
  if (list.reduce((s, r) => s + r.bp, 0) !== 10_000) throw new DomainError(MSG.notHundred, "400");
  const types = (await styleList(caller.tenantId, "splitbillType", true)).map((t) => Number(t.styleid));
  if (list.some((r) => !types.includes(r.splitbillType))) throw new DomainError(MSG.badType, "400");
  const given = new Map(list.map((r) => [r.splitbillType, r.bp]));
  const now = formatDateTime();
  await mapLimit(types, (splitbillType) =>
    SplitSetting.put({ tenantId: caller.tenantId, splitbillType, bp: given.get(splitbillType) ?? 0, updateUser: who(caller), updateTime: now }).go(),
  );
}

// ── the month job ──

export type MonthRunResult = { month: string; rows: number; monthTotal: number; skipped: boolean };

/**
 * Computes one tenant's month from its tallies (never from the orders): idempotent — the rows are
 * keyed by type + month + object, a rerun rewrites their money and keeps their id and split-done
 * flag; the proportions are the month's own (taken when the month is first computed); resumable —
 * the month is marked done only after every row is written, so a crash leaves it for the next run.
 * `force` (the on-demand run) recomputes a done month; the schedule skips it.
 */
export async function computeMonth(
  tenantId: string,
  year: number,
  month: number,
  o: { force?: boolean; /** Fault injection (tests): called after each row written and after the last; a throw stops the run there. */ fault?: (at: "row" | "rows") => void } = {},
): Promise<MonthRunResult> {
  const key = monthKey(year, month);
  const run = await startRun(tenantId, key);
  if (run.done && !o.force) return { month: key, rows: run.rows ?? 0, monthTotal: fenToYuan(run.monthTotalFen ?? 0), skipped: true };
  const totals = await readMonth(tenantId, key);
  const plan = planRows(totals, run.ratios as Ratio[]);
  // Channels are the clientSource list's codes (finance/tallies payerOf): a row shows the channel's name.
  const [naming, channels] = await Promise.all([namingFor(tenantId), styleList(tenantId, CHANNEL_LIST, true)]);
  const channelName = new Map(channels.map((c) => [c.styleid, c.stylename]));
  const { data: existing } = await SplitRow.query.byMonth({ tenantId, month: key }).go({ pages: "all" });
  const byKey = new Map(existing.map((r) => [`${r.splitbillType}|${r.object}`, r]));
  const now = formatDateTime();
  const fresh = plan.filter((p) => !byKey.has(`${p.splitbillType}|${p.object}`));
  const firstId = fresh.length ? await nextIds(tenantId, "splitRow", fresh.length) : 0;
  const idOf = new Map(fresh.map((p, i) => [`${p.splitbillType}|${p.object}`, firstId + i]));
  const nameOf = (type: number, object: string) =>
    TYPE_DIM[type] === "store" ? naming.shopName(object) || object : TYPE_DIM[type] === "channel" ? channelName.get(object) || object : type === GROUP_TYPE ? "" : object;
  await mapLimit(plan, async (p) => {
    const k = `${p.splitbillType}|${p.object}`;
    const money = { discountFen: p.discountFen, offlineFen: p.offlineFen, onlineFen: p.onlineFen, totalFen: p.totalFen, bp: p.bp, computeTime: now };
    const old = byKey.get(k);
    if (old) {
      await SplitRow.patch({ tenantId, month: key, splitbillType: p.splitbillType, object: p.object }).set(money).go();
      return void o.fault?.("row");
    }
    const created = await conditional(
      SplitRow.create({
        tenantId,
        month: key,
        splitbillType: p.splitbillType,
        object: p.object,
        id: idOf.get(k)!,
        objectName: nameOf(p.splitbillType, p.object),
        isSplitbill: 0,
        ...money,
      }).go(),
    );
    // Another run created it in between: keep its id and flag, write the money.
    if (created === REFUSED) await SplitRow.patch({ tenantId, month: key, splitbillType: p.splitbillType, object: p.object }).set(money).go();
    o.fault?.("row");
  });
  // Rows of objects that no longer have money (a refund took a store's month to 0 is still a row; an object gone from the tallies is zeroed).
  const planned = new Set(plan.map((p) => `${p.splitbillType}|${p.object}`));
  const stale = existing.filter((r) => !planned.has(`${r.splitbillType}|${r.object}`));
  await mapLimit(stale, (r) =>
    SplitRow.patch({ tenantId, month: key, splitbillType: r.splitbillType, object: r.object })
      .set({ discountFen: 0, offlineFen: 0, onlineFen: 0, totalFen: 0, computeTime: now })
      .go(),
  );
  o.fault?.("rows");
  const whole = monthTotal(totals);
  const totalFen = whole.discountFen + whole.offlineFen + whole.onlineFen;
  await SplitMonthRun.patch({ tenantId, month: key }).set({ done: 1, doneTime: formatDateTime(), rows: plan.length, monthTotalFen: totalFen }).go();
  return { month: key, rows: plan.length, monthTotal: fenToYuan(totalFen), skipped: false };
}

/** The month's run record, created with the proportions in force on first sight (conditional, so two runs agree on them). */
async function startRun(tenantId: string, month: string): Promise<SplitMonthRunItem> {
  const { data } = await SplitMonthRun.get({ tenantId, month }).go();
  if (data) {
    await SplitMonthRun.patch({ tenantId, month }).add({ runs: 1 }).go();
    return data;
  }
  const ratios = await currentRatios(tenantId);
  const created = await conditional(SplitMonthRun.create({ tenantId, month, ratios, done: 0, runs: 1, startTime: formatDateTime() }).go());
  // Refused: another run created it in between, with the proportions both agree on.
  if (created === REFUSED) return (await SplitMonthRun.get({ tenantId, month }).go()).data!;
  return created.data as SplitMonthRunItem;
}

/** The on-demand run for one month (the route asks A on the summary screen). */
export async function runMonthNow(caller: Caller, year: number, month: number): Promise<MonthRunResult> {
  return computeMonth(caller.tenantId, year, month, { force: true });
}

// ── summaries ──

const yuan = (fen: number) => fenToYuan(fen);
export type SplitRowView = ReturnType<typeof rowView>;
export const rowView = (r: SplitRowItem) => ({
  id: r.id,
  splitbillType: r.splitbillType,
  splitbillYear: Number(r.month.slice(0, 4)),
  splitbillMonth: Number(r.month.slice(5, 7)),
  splitbillObjectName: r.objectName ?? "",
  discountPrice: yuan(r.discountFen ?? 0),
  productOfflinePrice: yuan(r.offlineFen ?? 0),
  productOnlinePrice: yuan(r.onlineFen ?? 0),
  totalPrice: yuan(r.totalFen ?? 0),
  proportion: bpToPercent(r.bp ?? 0),
  isSplitbill: r.isSplitbill ?? 0,
  computeTime: r.computeTime ?? "",
});

async function monthRows(tenantId: string, year: number, month: number): Promise<SplitRowItem[]> {
  return (await SplitRow.query.byMonth({ tenantId, month: monthKey(year, month) }).go({ pages: "all" })).data;
}

/** One split type's rows of a month (R248–R250): one Query of the month's partition, by sort key. */
export async function listSplitRows(tenantId: string, splitbillType: number, year: number, month: number): Promise<SplitRowView[]> {
  const { data } = await SplitRow.query
    .byMonth({ tenantId, month: monthKey(year, month) })
    .begins({ splitbillType })
    .go({ pages: "all" });
  return data.filter((r) => r.splitbillType === splitbillType).map(rowView);
}

/** Toggles a row's split-done flag (R249), conditioned on the flag read so two clicks never cancel out unseen. */
export async function toggleSplitDone(caller: Caller, id: number): Promise<{ id: number; isSplitbill: number }> {
  const { data } = await SplitRow.query.byId({ tenantId: caller.tenantId, id }).go();
  const r = data[0];
  if (!r) throw new DomainError(MSG.noRow, "404");
  const next = r.isSplitbill ? 0 : 1;
  await conditional(
    SplitRow.patch({ tenantId: caller.tenantId, month: r.month, splitbillType: r.splitbillType, object: r.object })
      .set({ isSplitbill: next })
      .where((a, { eq }) => eq(a.isSplitbill, r.isSplitbill ?? 0))
      .go(),
    new DomainError("数据已被修改，请刷新后重试", "409"),
  );
  return { id, isSplitbill: next };
}

export type ShopStatView = { shop: string; shopName: string; discountPrice: number; productOfflinePrice: number; productOnlinePrice: number; totalPrice: number };

/**
 * The monthly business summary (statisticsforshop, docs/gaps.md §8): one row per store with the month's
 * takings from the tallies — the whole money of the store, not a split share — sorted by store code.
 * The console adds the 总计 row.
 */
export async function statisticsForShop(tenantId: string, year: number, month: number): Promise<ShopStatView[]> {
  const [totals, naming] = await Promise.all([readMonthStores(tenantId, monthKey(year, month)), namingFor(tenantId)]);
  return [...totals.store.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([shop, m]) => ({
      shop,
      shopName: naming.shopName(shop) || shop,
      discountPrice: yuan(m.discountFen),
      productOfflinePrice: yuan(m.offlineFen),
      productOnlinePrice: yuan(m.onlineFen),
      totalPrice: yuan(m.discountFen + m.offlineFen + m.onlineFen),
    }));
}

export type CloseView = {
  splitbillType: number;
  typeName: string;
  proportion: number;
  monthTotal: number;
  expected: number;
  rowsTotal: number;
  difference: number;
  flagged: number;
};

/** The month-close view (beyond the spec): per type, its share of the month against its rows; differences flagged. */
export async function monthClose(tenantId: string, year: number, month: number): Promise<{ computed: boolean; lines: CloseView[] }> {
  const key = monthKey(year, month);
  const [{ data: run }, rows, totals, types] = await Promise.all([
    SplitMonthRun.get({ tenantId, month: key }).go(),
    monthRows(tenantId, year, month),
    readMonthStores(tenantId, key),
    styleList(tenantId, "splitbillType", true),
  ]);
  const names = new Map(types.map((t) => [Number(t.styleid), t.stylename]));
  const whole = monthTotal(totals);
  const lines = closeLines(
    whole.discountFen + whole.offlineFen + whole.onlineFen,
    (run?.ratios as Ratio[]) ?? [],
    rows.map((r) => ({ splitbillType: r.splitbillType, totalFen: r.totalFen ?? 0 })),
  );
  return {
    computed: !!run?.done,
    lines: lines.map((l) => ({
      splitbillType: l.splitbillType,
      typeName: l.splitbillType ? (names.get(l.splitbillType) ?? String(l.splitbillType)) : "合计",
      proportion: l.proportion,
      monthTotal: yuan(l.monthTotal),
      expected: yuan(l.expected),
      rowsTotal: yuan(l.rowsTotal),
      difference: yuan(l.difference),
      flagged: l.flagged ? 1 : 0,
    })),
  };
}
