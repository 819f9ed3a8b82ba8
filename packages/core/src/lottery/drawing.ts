import { randomInt as cryptoRandomInt } from "node:crypto";
import { LotteryEntrant, LotteryPrize, LotteryRecord, LotteryTally, LotteryText } from "./entities.ts";
import { pickPrize, type RandomInt } from "./draw.ts";
import { STATE_TEXT, lotteryState, odds, percentText, prizeValueText, remainingOf, unlimited, drawsLeftOf, type LotteryState } from "./rules.ts";
import { getLottery, notFound, prizesOf } from "./activities.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { transact, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import { allOf, anyOf } from "../kernel/filter.ts";

/**
 * A member's draw (beyond the spec; docs/lottery.md, docs/api.md). One transaction with conditions
 * decides it, so no concurrency can over-win a prize or exceed a limit:
 *
 * 1. the member's draw counter: +1 if under the per-person limit (0 = unlimited), or created (first draw);
 * 2. on a first draw, the activity's participants: +1 if under the participant limit (0 = unlimited);
 * 3. the chosen prize: `won` +1 if `won < prizeCount` (or the count is 0, unlimited) and its weight is above 0;
 * 4. the record, put only if new.
 *
 * The prize is chosen by `pickPrize` (draw.ts) among the prizes in stock in a consistent read, with
 * a cryptographic random source. When the transaction fails because the prize ran out meanwhile (a
 * lost race) or the member's first draw raced another first draw of theirs, the draw reads again and
 * re-draws among what is left, at most DRAW_TRIES times in all; then it says so (DRAW_MSG.busy).
 */
export type DrawMember = { tenantId: string; mobileUserId: number; clientId?: number; userId?: string; realname?: string; mobile?: string };

export const DRAW_MSG = {
  disabled: "活动未开启",
  notStarted: "活动尚未开始",
  ended: "活动已结束",
  perPerson: "您的抽奖次数已用完",
  full: "参与人数已满",
  empty: "奖品已抽完",
  busy: "抽奖人数过多，请稍后再试",
} as const;

export const DRAW_TRIES = 3;

/** Condition markers: the transaction names the first failed item by these, and the loop reads them. */
const PRIZE_GONE = "lottery:prize-gone";
const FIRST_DRAW_RACE = "lottery:first-draw-race";

const refusal: Record<Exclude<LotteryState, "running">, string> = { disabled: DRAW_MSG.disabled, notStarted: DRAW_MSG.notStarted, ended: DRAW_MSG.ended };

export type DrawResult = {
  recordId: number;
  lotteryId: number;
  prizeId: number;
  prizeName: string;
  prizePrice: number;
  prizeValue: string;
  prizeTips: string;
  hasDistribute: number;
  participationTime: string;
  /** The member's draws in this activity, this one included. */
  draws: number;
  /** Draws left to the member; null when unlimited. */
  drawsLeft: number | null;
};

export async function drawPrize(member: DrawMember, lotteryId: number, randomInt: RandomInt = cryptoRandomInt): Promise<DrawResult> {
  const { tenantId, mobileUserId } = member;
  // The record's id is reserved alongside the first reads rather than after them (one round trip
  // less per draw); a refused draw leaves a gap in the ids, which nothing needs dense.
  const reserved = nextId(tenantId, "lotteryRecord");
  reserved.catch(() => undefined);
  for (let attempt = 1; attempt <= DRAW_TRIES; attempt++) {
    const [lottery, prizes, entrant] = await Promise.all([
      getLottery(tenantId, lotteryId, true),
      prizesOf(tenantId, lotteryId, true),
      LotteryEntrant.get({ tenantId, lotteryId, mobileUserId }).go({ consistent: true }),
    ]);
    if (!lottery) throw notFound();
    const now = formatDateTime();
    const state = lotteryState(lottery, now);
    if (state !== "running") throw new DomainError(refusal[state], "409");
    const perPerson = lottery.userJoinLimit;
    const seen = entrant.data?.draws ?? 0;
    if (!unlimited(perPerson) && seen >= perPerson) throw new DomainError(DRAW_MSG.perPerson, "409");

    const prize = pickPrize(
      prizes.map((p) => ({ ...p, count: p.prizeCount })),
      randomInt,
    );
    if (!prize) throw new DomainError(DRAW_MSG.empty, "409");
    const recordId = await reserved;

    const items: TxItem[] = [];
    if (entrant.data) {
      items.push(
        txUpdate(
          LotteryEntrant.patch({ tenantId, lotteryId, mobileUserId })
            .add({ draws: 1 })
            .set({ lastTime: now })
            .where((x, op) => (unlimited(perPerson) ? op.exists(x.draws) : op.lt(x.draws, perPerson))),
          DRAW_MSG.perPerson,
        ),
      );
    } else {
      const limit = lottery.participantsNumber;
      items.push(
        txPut(LotteryEntrant.create({ tenantId, lotteryId, mobileUserId, draws: 1, firstTime: now, lastTime: now }), FIRST_DRAW_RACE),
        txUpdate(
          unlimited(limit)
            ? LotteryTally.update({ tenantId, lotteryId }).add({ participants: 1 })
            : LotteryTally.update({ tenantId, lotteryId })
                .add({ participants: 1 })
                .where((x, op) => anyOf(op.notExists(x.participants), op.lt(x.participants, limit))),
          DRAW_MSG.full,
        ),
      );
    }
    items.push(
      txUpdate(
        LotteryPrize.patch({ tenantId, lotteryId, id: prize.id })
          .add({ won: 1 })
          // ElectroDB compares attributes with values only: the attribute-to-attribute comparison joins their names.
          .where((x, op) => allOf(op.exists(x.won), anyOf(op.eq(x.prizeCount, 0), `${op.name(x.won)} < ${op.name(x.prizeCount)}`), op.gt(x.weight, 0))),
        PRIZE_GONE,
      ),
      txPut(
        LotteryRecord.create({
          tenantId,
          id: recordId,
          lotteryId,
          prizeId: prize.id,
          mobileUserId,
          userId: member.userId ?? "",
          clientId: member.clientId ?? 0,
          realname: member.realname ?? "",
          mobile: member.mobile ?? "",
          prizeName: prize.prizeName,
          prizePrice: prize.prizePrice,
          prizeTips: prize.prizeTips ?? "",
          hasDistribute: prize.hasDistribute,
          participationTime: now,
          status: 0,
        }),
        "抽奖记录编号冲突，请重试",
      ),
    );
    try {
      await transact(items);
    } catch (e) {
      // A lost race: the prize ran out, or another first draw of this member came first. Read again.
      if (e instanceof DomainError && (e.desc === PRIZE_GONE || e.desc === FIRST_DRAW_RACE)) continue;
      throw e;
    }
    const draws = seen + 1;
    return {
      recordId,
      lotteryId,
      prizeId: prize.id,
      prizeName: prize.prizeName,
      prizePrice: prize.prizePrice,
      prizeValue: prizeValueText(prize.prizePrice),
      prizeTips: prize.prizeTips ?? "",
      hasDistribute: prize.hasDistribute,
      participationTime: now,
      draws,
      drawsLeft: drawsLeftOf(perPerson, draws),
    };
  }
  throw new DomainError(DRAW_MSG.busy, "409");
}

/**
 * What the mini-program shows before a draw (beyond the spec; docs/api.md): the activity, its
 * prizes with their chance on the next draw (the odds are published, not only configured), and the
 * member's draws so far and left. A disabled activity is not shown to members at all.
 */
export async function memberLotteryView(member: DrawMember, lotteryId: number) {
  const { tenantId, mobileUserId } = member;
  const [lottery, prizes, entrant, text] = await Promise.all([
    getLottery(tenantId, lotteryId),
    prizesOf(tenantId, lotteryId),
    LotteryEntrant.get({ tenantId, lotteryId, mobileUserId }).go(),
    LotteryText.get({ tenantId, lotteryId }).go(),
  ]);
  if (!lottery || lottery.idisplay !== 1) throw notFound();
  const state = lotteryState(lottery, formatDateTime());
  const chance = odds(prizes.map((p) => ({ id: p.id, weight: p.weight, count: p.prizeCount, won: p.won })));
  const draws = entrant.data?.draws ?? 0;
  return {
    id: lottery.id,
    title: lottery.title,
    content: text.data?.content ?? "",
    bgPic: lottery.bgPic ?? "",
    bgColor: lottery.bgColor ?? "",
    color: lottery.color ?? "",
    startTime: lottery.startTime,
    endTime: lottery.endTime,
    state,
    stateText: STATE_TEXT[state],
    userJoinLimit: lottery.userJoinLimit,
    draws,
    drawsLeft: drawsLeftOf(lottery.userJoinLimit, draws),
    prizes: prizes.map((p) => ({
      id: p.id,
      prizeName: p.prizeName,
      prizePrice: p.prizePrice,
      prizeValue: prizeValueText(p.prizePrice),
      remaining: remainingOf({ count: p.prizeCount, won: p.won }),
      chance: percentText(chance.get(p.id) ?? 0),
    })),
  };
}
export type MemberLotteryView = Awaited<ReturnType<typeof memberLotteryView>>;
