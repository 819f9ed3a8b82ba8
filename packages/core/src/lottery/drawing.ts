import { randomInt as cryptoRandomInt } from "node:crypto";
import { LotteryEntrant, LotteryRecord, LotteryTally, LotteryText, type LotteryItem, type LotteryPrizeItem } from "./entities.ts";
import { pickPrize, type RandomInt } from "./draw.ts";
import { STATE_TEXT, lotteryState, odds, percentText, prizeValueText, remainingOf, unlimited, drawsLeftOf, type LotteryState } from "./rules.ts";
import { getLottery, notFound, prizeItems, prizesOf } from "./activities.ts";
import { claimStock, returnStock } from "./stock.ts";
import { drawSetup, forgetDrawSetup } from "./drawSetup.ts";
import { idBlocks } from "../kernel/idBlocks.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { conditional, isConditionalFailure, REFUSED } from "../kernel/tx.ts";
import { anyOf } from "../kernel/filter.ts";

/**
 * A member's draw (beyond the spec; docs/lottery.md, docs/api.md). No transaction and no item every
 * draw writes (issue 39): each limit is a plain conditional write on an item of its own —
 *
 * 1. the member's draw: their entrant item `draws + 1` if under the per-person limit (0 = unlimited);
 *    on a first draw, a place among the participants first (the activity's tally, conditioned on
 *    its limit), then the entrant item created;
 * 2. the prize, chosen by `pickPrize` (draw.ts, a cryptographic random source) among the prizes in
 *    stock: one unit taken from one of its stock slices (stock.ts `claimStock`), in parallel with 1;
 * 3. the record, put with an id reserved at the start (in blocks per container, kernel/idBlocks.ts).
 *
 * The activity and its prizes are read once a second per container (drawSetup.ts); the member's
 * entrant item is read consistently on every draw.
 *
 * Whichever of 1 and 2 is refused gives the other back, so a refused draw takes nothing; a prize
 * found used up is left out and another drawn among what is left. A crash between the steps can
 * only leave a unit or a draw taken without a record — never more wins than stock, never more draws
 * than allowed. A member whose first draw found every prize gone keeps their place (the tally counts
 * members with an entrant item).
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

type EntrantKey = { tenantId: string; lotteryId: number; mobileUserId: number };

const recordId = idBlocks("lotteryRecord");

/** The prizes a draw may pick: weight above 0 and not found used up (`openSlices` 0 marks a limited prize sold out). */
function pick(prizes: readonly LotteryPrizeItem[], gone: ReadonlySet<number>, randomInt: RandomInt): LotteryPrizeItem | null {
  return pickPrize(
    prizes.map((p) => ({ ...p, count: p.prizeCount, won: p.openSlices > 0 ? 0 : p.prizeCount })),
    randomInt,
    gone,
  );
}

/**
 * The entrants this container has seen, with their draws when last seen (issue 39). An entrant
 * known to exist and under the limit then is not read again: the draw goes straight to its
 * conditional claim, which refuses a draw beyond the limit all the same (the stock taken beside it
 * given back) — one round trip less per draw of a returning member. Entrants are never deleted
 * while their activity exists; draws only grow (a draw given back lowers them, so a count seen at
 * the limit is read again rather than trusted).
 */
const seenEntrants = new Map<string, number>();
const SEEN_MAX = 50_000;
const entrantOf = (k: EntrantKey) => `${k.tenantId}#${k.lotteryId}#${k.mobileUserId}`;
function seeEntrant(k: EntrantKey, draws: number) {
  if (seenEntrants.size >= SEEN_MAX) seenEntrants.clear();
  seenEntrants.set(entrantOf(k), draws);
}
const readDraws = async (k: EntrantKey): Promise<number | null> => (await LotteryEntrant.get(k).go({ consistent: true })).data?.draws ?? null;

export async function drawPrize(member: DrawMember, lotteryId: number, randomInt: RandomInt = cryptoRandomInt): Promise<DrawResult> {
  const { tenantId, mobileUserId } = member;
  // The record's id is reserved alongside the first reads rather than after them (one round trip
  // less per draw); a refused draw leaves a gap in the ids, which nothing needs dense.
  const reserved = recordId(tenantId);
  reserved.catch(() => undefined);
  const key = { tenantId, lotteryId, mobileUserId };
  const load = async () => {
    const [lottery, prizes] = await Promise.all([getLottery(tenantId, lotteryId), prizeItems(tenantId, lotteryId)]);
    return { lottery, prizes };
  };
  const seen = seenEntrants.get(entrantOf(key));
  const [{ lottery, prizes }, read] = await Promise.all([drawSetup(tenantId, lotteryId, load), seen ?? readDraws(key)]);
  let draws = read;
  if (!lottery) throw notFound();
  const now = formatDateTime();
  const state = lotteryState(lottery, now);
  if (state !== "running") throw new DomainError(refusal[state], "409");
  const limited = !unlimited(lottery.userJoinLimit);
  if (seen !== undefined && limited && seen >= lottery.userJoinLimit) draws = await readDraws(key);
  if (limited && (draws ?? 0) >= lottery.userJoinLimit) {
    if (draws !== null) seeEntrant(key, draws);
    throw new DomainError(DRAW_MSG.perPerson, "409");
  }

  const gone = new Set<number>();
  let prize = pick(prizes, gone, randomInt);
  if (!prize) throw new DomainError(DRAW_MSG.empty, "409");
  const [drawn, unit] = await Promise.allSettled([claimDraw(key, lottery, draws !== null, now), claimStock(tenantId, prize, randomInt)]);
  if (drawn.status === "rejected") {
    if (unit.status === "fulfilled" && typeof unit.value === "number") await returnStock(tenantId, prize, unit.value);
    if (drawn.reason instanceof DomainError && drawn.reason.desc === DRAW_MSG.perPerson) seeEntrant(key, lottery.userJoinLimit);
    throw drawn.reason;
  }
  const drawsNow = drawn.value;
  seeEntrant(key, drawsNow);
  const giveBack = () => returnDraw(key);
  if (unit.status === "rejected") return giveBack().then(() => Promise.reject(unit.reason as Error));
  let slice = unit.value;
  // The prize was used up by others meanwhile: draw again among what is left.
  while (slice === "gone") {
    // Later draws of this container read the prize marked sold out.
    forgetDrawSetup(tenantId, lotteryId);
    gone.add(prize.id);
    prize = pick(prizes, gone, randomInt);
    if (!prize) return giveBack().then(() => Promise.reject(new DomainError(DRAW_MSG.empty, "409")));
    slice = await claimStock(tenantId, prize, randomInt);
  }
  if (slice === "busy") return giveBack().then(() => Promise.reject(new DomainError(DRAW_MSG.busy, "409")));

  const won = prize;
  const id = await reserved;
  try {
    await LotteryRecord.create({
      tenantId,
      id,
      lotteryId,
      prizeId: won.id,
      mobileUserId,
      userId: member.userId ?? "",
      clientId: member.clientId ?? 0,
      realname: member.realname ?? "",
      mobile: member.mobile ?? "",
      prizeName: won.prizeName,
      prizePrice: won.prizePrice,
      prizeTips: won.prizeTips ?? "",
      hasDistribute: won.hasDistribute,
      participationTime: now,
      status: 0,
    }).go({ response: "none" });
  } catch (e) {
    await Promise.all([giveBack(), returnStock(tenantId, won, slice)]);
    throw isConditionalFailure(e) ? new DomainError("抽奖记录编号冲突，请重试", "409") : e;
  }
  return drawResult({ recordId: id, lotteryId, won, now, draws: drawsNow, limit: lottery.userJoinLimit });
}

/** What the member is told of the prize they won and the draws they have left. */
function drawResult(o: { recordId: number; lotteryId: number; won: LotteryPrizeItem; now: string; draws: number; limit: number }): DrawResult {
  const { recordId, lotteryId, won, now, draws } = o;
  return {
    recordId,
    lotteryId,
    prizeId: won.id,
    prizeName: won.prizeName,
    prizePrice: won.prizePrice,
    prizeValue: prizeValueText(won.prizePrice),
    prizeTips: won.prizeTips ?? "",
    hasDistribute: won.hasDistribute,
    participationTime: now,
    draws,
    drawsLeft: drawsLeftOf(o.limit, draws),
  };
}

/** The member's draw: their count + 1 under the per-person limit (a first draw takes a place first). Answers their draws so far. */
async function claimDraw(key: EntrantKey, lottery: LotteryItem, known: boolean, now: string): Promise<number> {
  if (!known && (await firstDraw(key, lottery, now))) return 1;
  const limit = lottery.userJoinLimit;
  const { data } = await conditional(
    LotteryEntrant.patch(key)
      .add({ draws: 1 })
      .set({ lastTime: now })
      .where((x, op) => (unlimited(limit) ? "" : op.lt(x.draws, limit)))
      .go({ response: "all_new" }),
    new DomainError(DRAW_MSG.perPerson, "409"),
  );
  return data.draws;
}

/**
 * A member's first draw: a place among the participants (under the activity's limit), then their
 * entrant item. False when another first draw of theirs created it first: the place goes back and
 * the draw counts as a further one.
 */
async function firstDraw(key: EntrantKey, lottery: LotteryItem, now: string): Promise<boolean> {
  const tally = { tenantId: key.tenantId, lotteryId: key.lotteryId };
  const limit = lottery.participantsNumber;
  await conditional(
    LotteryTally.update(tally)
      .add({ participants: 1 })
      .where((x, op) => (unlimited(limit) ? "" : anyOf(op.notExists(x.participants), op.lt(x.participants, limit))))
      .go({ response: "none" }),
    new DomainError(DRAW_MSG.full, "409"),
  );
  let created: unknown = REFUSED;
  try {
    created = await conditional(LotteryEntrant.create({ ...key, draws: 1, firstTime: now, lastTime: now }).go({ response: "none" }));
  } finally {
    // The place goes back unless the entrant was made (refused: another first draw of theirs made it; or failed).
    if (created === REFUSED) await LotteryTally.update(tally).add({ participants: -1 }).go({ response: "none" });
  }
  return created !== REFUSED;
}

/** Gives back a draw that took nothing (its prizes were used up meanwhile); a first draw keeps its place. */
async function returnDraw(key: EntrantKey): Promise<void> {
  await LotteryEntrant.patch(key).add({ draws: -1 }).go({ response: "none" });
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
