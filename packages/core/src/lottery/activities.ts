import { Lottery, LotteryPrize, LotteryTally, LotteryText, type LotteryItem, type LotteryPrizeItem } from "./entities.ts";
import { slicesOf, stockDeletes, withWon, type PrizeWithWon } from "./stock.ts";
import { forgetDrawSetup } from "./drawSetup.ts";
import { MSG, type LotteryInput } from "./schemas.ts";
import { lotteryView, type LotteryView } from "./views.ts";
import { sanitizeRichText } from "../kernel/richText.ts";
import { nextId, readTotal, totalDelta } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { mapLimit } from "../kernel/batch.ts";
import { transact, txDelete, txPut, txUpdate } from "../kernel/tx.ts";
import { boundedList, type ListSource } from "../kernel/list.ts";
import type { Envelope } from "../kernel/envelope.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * Lottery activities (spec 002 "Lottery", R583–R586): the console's list, view, save, enable/disable
 * and delete. The draw is in drawing.ts; prizes in prizes.ts; records in records.ts.
 */
export const LOTTERY_TOTAL = "lottery";
export const notFound = () => new DomainError(MSG.notFound, "404");

export async function getLottery(tenantId: string, id: number, consistent = false): Promise<LotteryItem | null> {
  const { data } = await Lottery.get({ tenantId, id }).go({ consistent });
  return data;
}

export async function mustLottery(tenantId: string, id: number): Promise<LotteryItem> {
  const l = await getLottery(tenantId, id);
  if (!l) throw notFound();
  return l;
}

/** The prizes of an activity as staff configured them, in the order they were added (at most MAX_PRIZES). */
export async function prizeItems(tenantId: string, lotteryId: number, consistent = false): Promise<LotteryPrizeItem[]> {
  const { data } = await LotteryPrize.query.byLottery({ tenantId, lotteryId }).go({ consistent, limit: 100 });
  return data;
}

/** The prizes with the times each was won (the sums of their stock slices, stock.ts). */
export async function prizesOf(tenantId: string, lotteryId: number, consistent = false): Promise<PrizeWithWon[]> {
  const key = { tenantId, lotteryId };
  const [prizes, slices] = await Promise.all([prizeItems(tenantId, lotteryId, consistent), slicesOf(key, consistent)]);
  return withWon(prizes, slices);
}

/** Participants so far (members who drew at least once). */
export async function participantsOf(tenantId: string, lotteryId: number): Promise<number> {
  const { data } = await LotteryTally.get({ tenantId, lotteryId }).go();
  return Number(data?.participants ?? 0);
}

/** Newest first; the keyword is a filter on the title. Unfiltered, the total is the tally moved with creates and deletes. */
export async function listLotteries(caller: Caller, p: Paging): Promise<Envelope<never, LotteryView>> {
  const { tenantId } = caller;
  const keyword = p.keyword.trim();
  const src: ListSource<LotteryItem> = {
    params: (order) =>
      Lottery.query
        .byId({ tenantId })
        .where((a, op) => keyword && op.contains(a.title, keyword))
        .params({ order }),
    parse: (Items) => Lottery.parse({ Items }).data as LotteryItem[],
  };
  const now = formatDateTime();
  return boundedList(
    src,
    { ...p, order: p.order === "asc" ? "asc" : "desc" },
    { total: keyword ? undefined : () => readTotal(tenantId, LOTTERY_TOTAL), map: (l) => lotteryView(l, now) },
  );
}

export async function viewLottery(caller: Caller, id: number): Promise<LotteryView> {
  const [l, text] = await Promise.all([mustLottery(caller.tenantId, id), LotteryText.get({ tenantId: caller.tenantId, lotteryId: id }).go()]);
  return lotteryView(l, formatDateTime(), text.data?.content ?? "");
}

/**
 * Saves an activity (R583–R585). The rich text is cleaned by the allow-list sanitiser before it is
 * stored. Limits may change at any time: a lower participant limit stops new members only, a lower
 * per-person limit stops members who reached it; nothing already drawn is undone.
 */
export async function saveLottery(caller: Caller, input: LotteryInput): Promise<LotteryView> {
  const { tenantId } = caller;
  const { id: _id, content: raw, ...fields } = input;
  const content = sanitizeRichText(raw);
  const now = formatDateTime();
  if (input.id) {
    const old = await mustLottery(tenantId, input.id);
    await transact([
      txUpdate(Lottery.patch({ tenantId, id: old.id }).set({ ...fields, updatetime: now }), MSG.notFound),
      txPut(LotteryText.put({ tenantId, lotteryId: old.id, content })),
    ]);
    forgetDrawSetup(tenantId, old.id);
    return lotteryView({ ...old, ...fields, updatetime: now }, now, content);
  }
  const id = await nextId(tenantId, "lottery");
  const item = { tenantId, id, ...fields, addtime: now, updatetime: now, adduser: caller.username ?? "" };
  await transact([txPut(Lottery.create(item), "活动编号冲突，请重试"), txPut(LotteryText.put({ tenantId, lotteryId: id, content })), totalDelta(tenantId, LOTTERY_TOTAL, 1)]);
  return lotteryView(item as LotteryItem, now, content);
}

/** Enable/disable (lotter/passed): each flip is conditioned on the state read, so two at once never silently undo each other. */
export async function toggleLotteries(caller: Caller, ids: number[]): Promise<Array<{ id: number; idisplay: number }>> {
  const { tenantId } = caller;
  const items = await mapLimit(ids, (id) => mustLottery(tenantId, id));
  return mapLimit(items, async (l) => {
    const idisplay = l.idisplay === 1 ? 0 : 1;
    await transact([
      txUpdate(
        Lottery.patch({ tenantId, id: l.id })
          .set({ idisplay, updatetime: formatDateTime() })
          .where((x, op) => op.eq(x.idisplay, l.idisplay)),
        "数据已被修改，请刷新后重试",
      ),
    ]);
    forgetDrawSetup(tenantId, l.id);
    return { id: l.id, idisplay };
  });
}

/**
 * Deletes activities that nobody has drawn in, with their text, prizes, stock slices and tally. Each
 * slice's delete is conditioned on `won = 0`, so a draw that commits between the check and the delete
 * makes the delete fail rather than orphan its record. An activity of many prizes has more items than
 * one transaction takes (100): its prizes go first, in transactions of whole prizes, and the activity
 * itself with the last; a draw landing between them leaves the activity with its drawn prizes.
 */
export async function deleteLotteries(caller: Caller, ids: number[]): Promise<number[]> {
  const { tenantId } = caller;
  // Unknown ids are skipped; none left is nothing to delete (R055).
  const items = (
    await mapLimit(ids, async (id) => {
      const l = await getLottery(tenantId, id);
      return l && { l, prizes: await prizesOf(tenantId, id, true) };
    })
  ).filter((x) => x !== null);
  if (!items.length) throw nothingDeleted();
  for (const { l, prizes } of items) if (prizes.some((p) => p.won > 0)) throw new DomainError(`${l.title}：该活动已有抽奖记录，不能删除`, "409");
  for (const { l, prizes } of items) {
    const used = `${l.title}：该活动已有抽奖记录，不能删除`;
    const key = { tenantId, lotteryId: l.id };
    const own = [
      txDelete(
        Lottery.delete({ tenantId, id: l.id }).where((x, op) => op.exists(x.id)),
        MSG.notFound,
      ),
      txDelete(LotteryText.delete(key)),
      txDelete(LotteryTally.delete(key)),
      totalDelta(tenantId, LOTTERY_TOTAL, -1),
    ];
    const perPrize = prizes.map((p) => [txDelete(LotteryPrize.delete({ ...key, id: p.id })), ...stockDeletes(key, p.id, used)]);
    const batches = wholeBatches(perPrize, 100 - own.length);
    const last = batches.pop() ?? [];
    for (const batch of batches) await transact(batch);
    await transact([...last, ...own]);
    forgetDrawSetup(tenantId, l.id);
  }
  return items.map(({ l }) => l.id);
}

/**
 * Whole units (a prize and its slices) packed into transactions of at most `room` items; the caller
 * joins its own items to the last one.
 */
function wholeBatches<T>(units: T[][], room: number): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  for (const u of units) {
    if (batch.length + u.length > room) {
      batches.push(batch);
      batch = [];
    }
    batch.push(...u);
  }
  if (batch.length) batches.push(batch);
  return batches;
}
