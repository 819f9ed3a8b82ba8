import { LotteryPrize, type LotteryPrizeItem } from "./entities.ts";
import { slicesOf, stockDeletes, stockWrites, winsOf, type PrizeWithWon } from "./stock.ts";
import { forgetDrawSetup } from "./drawSetup.ts";
import { MSG, type PrizeInput } from "./schemas.ts";
import { EDIT_MSG, MAX_PRIZES, defaultTips, isLive, lotteryState, prizeEditProblem, remainingOf } from "./rules.ts";
import { prizeView, type PrizeView, type Summary, type SummaryRow } from "./views.ts";
import { mustLottery, participantsOf, prizesOf } from "./activities.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { transact, txDelete, txPut, txUpdate } from "../kernel/tx.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * Prizes (R587–R589) and the draw summary. What may change while an activity runs is decided by
 * `prizeEditProblem` (rules.ts; docs/lottery.md): the odds members draw against stay the published ones.
 */
const prizeNotFound = () => new DomainError(MSG.prizeNotFound, "404");

/** A prize by its id alone (prizeview and prizedelete send `{id}`): the id index names its activity, then consistent reads. */
async function prizeById(tenantId: string, id: number, missing: () => Error = prizeNotFound): Promise<PrizeWithWon> {
  const { data } = await LotteryPrize.query.byId({ tenantId, id }).go({ limit: 1, attributes: ["lotteryId"] });
  const lotteryId = data[0]?.lotteryId;
  if (!lotteryId) throw missing();
  return mustPrize(tenantId, lotteryId, id, missing);
}

/** A prize of an activity, read consistently with its slices' wins. */
async function mustPrize(tenantId: string, lotteryId: number, id: number, missing: () => Error = prizeNotFound): Promise<PrizeWithWon & { wins: number[] }> {
  const [got, slices] = await Promise.all([LotteryPrize.get({ tenantId, lotteryId, id }).go({ consistent: true }), slicesOf({ tenantId, lotteryId }, true, id)]);
  if (!got.data) throw missing();
  const wins = winsOf(slices);
  return { ...got.data, won: wins.reduce((s, w) => s + w, 0), wins };
}

export async function listPrizes(caller: Caller, lotteryId: number): Promise<PrizeView[]> {
  await mustLottery(caller.tenantId, lotteryId);
  return (await prizesOf(caller.tenantId, lotteryId)).map(prizeView);
}

export async function viewPrize(caller: Caller, id: number): Promise<PrizeView> {
  return prizeView(await prizeById(caller.tenantId, id));
}

/**
 * Saves a prize. Empty tips take the congratulation text (R588). An edit re-splits the count over
 * the prize's stock slices in the same transaction, each slice conditioned on `won <= cap` (unless
 * unlimited), so a draw committing meanwhile can never leave more won than exist; a running
 * activity's odds are protected by `prizeEditProblem`.
 */
export async function savePrize(caller: Caller, input: PrizeInput): Promise<PrizeView> {
  const { tenantId } = caller;
  const lottery = await mustLottery(tenantId, input.lotteryId);
  const prizes = await prizesOf(tenantId, lottery.id, true);
  const live = isLive(lotteryState(lottery, formatDateTime()), prizes);
  const values = {
    prizeName: input.prizeName,
    prizePrice: input.prizePrice,
    prizeCount: input.prizeCount,
    weight: input.lotteryWeight,
    hasDistribute: input.hasDistribute,
    prizeTips: input.prizeTips || defaultTips(input.prizeName),
  };
  const key = { tenantId, lotteryId: lottery.id };
  if (input.id) {
    const old = await mustPrize(tenantId, lottery.id, input.id);
    const problem = prizeEditProblem(live, { weight: old.weight, count: old.prizeCount, won: old.won }, { weight: values.weight, count: values.prizeCount });
    if (problem) throw new DomainError(problem, "409");
    const stock = stockWrites(key, old.id, values.prizeCount, old.wins, EDIT_MSG.belowWon(old.won));
    await transact([
      txUpdate(
        LotteryPrize.patch({ ...key, id: old.id })
          .set({ ...values, openSlices: stock.open })
          .where((x, op) => op.exists(x.id)),
        prizeNotFound().desc,
      ),
      ...stock.items,
    ]);
    forgetDrawSetup(tenantId, lottery.id);
    return prizeView({ ...old, ...values, openSlices: stock.open });
  }
  const problem = prizeEditProblem(live, null, { weight: values.weight, count: values.prizeCount });
  if (problem) throw new DomainError(problem, "409");
  if (prizes.length >= MAX_PRIZES) throw new DomainError(`每个活动最多设置${MAX_PRIZES}个奖品`, "409");
  const id = await nextId(tenantId, "lotteryPrize");
  const stock = stockWrites(key, id, values.prizeCount, null, "奖品编号冲突，请重试");
  const item = { ...key, id, ...values, openSlices: stock.open };
  await transact([txPut(LotteryPrize.create(item), "奖品编号冲突，请重试"), ...stock.items]);
  forgetDrawSetup(tenantId, lottery.id);
  return prizeView({ ...(item as LotteryPrizeItem), won: 0 });
}

/** Deletes a prize nobody has won (R: only where hasDelete allows), each slice conditioned on `won = 0` against a draw at that instant. */
export async function deletePrize(caller: Caller, id: number): Promise<number> {
  const { tenantId } = caller;
  const p = await prizeById(tenantId, id, nothingDeleted);
  const lottery = await mustLottery(tenantId, p.lotteryId);
  const live = isLive(lotteryState(lottery, formatDateTime()), await prizesOf(tenantId, lottery.id, true));
  const problem = prizeEditProblem(live, { weight: p.weight, count: p.prizeCount, won: p.won }, "delete", p.prizeName);
  if (problem) throw new DomainError(problem, "409");
  const key = { tenantId, lotteryId: p.lotteryId };
  await transact([txDelete(LotteryPrize.delete({ ...key, id: p.id })), ...stockDeletes(key, p.id, EDIT_MSG.hasWinners(p.prizeName))]);
  forgetDrawSetup(tenantId, p.lotteryId);
  return p.id;
}

/**
 * The draw summary (totallist): per prize, won, remaining and its share of all draws. Every draw
 * wins exactly one prize ("no prize" is a prize), so the draws are the sum of `won`: no hot
 * counter item is moved by every draw.
 */
export async function lotterySummary(caller: Caller, lotteryId: number): Promise<{ summary: Summary; rows: SummaryRow[] }> {
  const { tenantId } = caller;
  await mustLottery(tenantId, lotteryId);
  const [prizes, participants] = await Promise.all([prizesOf(tenantId, lotteryId), participantsOf(tenantId, lotteryId)]);
  const total = prizes.reduce((s, p) => s + p.won, 0);
  const rows = prizes.map((p) => ({
    prizeId: p.id,
    prizeName: p.prizeName,
    prizeCount: p.prizeCount,
    won: p.won,
    remaining: remainingOf({ count: p.prizeCount, won: p.won }),
    drawCount: `${p.won}/${total}`,
    total,
  }));
  return { summary: { draws: total, participants }, rows };
}
