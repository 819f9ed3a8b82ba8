import { describe, it, expect } from "vitest";
import * as v from "valibot";
import { deleteLotteries, saveLottery } from "../src/lottery/activities.ts";
import { savePrize, lotterySummary } from "../src/lottery/prizes.ts";
import { prizesOf, getLottery } from "../src/lottery/activities.ts";
import { slicesOf } from "../src/lottery/stock.ts";
import { MAX_PRIZES } from "../src/lottery/rules.ts";
import { drawPrize, DRAW_MSG, type DrawResult } from "../src/lottery/drawing.ts";
import { LotteryEntrant, LotteryRecord } from "../src/lottery/entities.ts";
import { LotteryInput, PrizeInput } from "../src/lottery/schemas.ts";
import { headOffice } from "../src/kernel/context.ts";
import { formatDateTime, nowMs } from "../src/kernel/clock.ts";
import { DomainError } from "../src/kernel/errors.ts";

/** The draw under load at DynamoDB Local: conditional writes on the member's item and the prize's stock slices, never over a stock or a limit. */
const tenantId = `lotc${Date.now().toString(36)}`;
const caller = headOffice(tenantId);
const DAY = 24 * 3600 * 1000;

async function running(limits: { userJoinLimit: number; participantsNumber: number }, prizes: Array<{ name: string; count: number; weight: string }>) {
  const l = await saveLottery(
    caller,
    v.parse(LotteryInput, { title: "并发抽奖", startTime: formatDateTime(nowMs() - DAY), endTime: formatDateTime(nowMs() + DAY), ...limits, idisplay: 1 }),
  );
  const ids: number[] = [];
  for (const p of prizes)
    ids.push((await savePrize(caller, v.parse(PrizeInput, { lotteryId: l.id, prizeName: p.name, prizeCount: p.count, lotteryWeight: p.weight, hasDistribute: 1 }))).id);
  return { lotteryId: l.id, prizeIds: ids };
}

const member = (n: number) => ({ tenantId, mobileUserId: 1000 + n, realname: `会员${n}` });

/** Fires `total` draws `wave` at a time; each settles as a result or a refusal. */
async function fire(lotteryId: number, total: number, wave: number, who: (i: number) => ReturnType<typeof member>) {
  const settled: Array<PromiseSettledResult<DrawResult>> = [];
  for (let i = 0; i < total; i += wave) {
    settled.push(...(await Promise.allSettled(Array.from({ length: Math.min(wave, total - i) }, (_, k) => drawPrize(who(i + k), lotteryId)))));
  }
  return settled;
}

describe("drawPrize under concurrency", () => {
  it(
    "200 draws, 50 at a time, by 60 members limited to 2 each: no prize over its stock, no member over 2, every draw recorded or refused clearly",
    { timeout: 120_000 },
    async () => {
      const { lotteryId, prizeIds } = await running({ userJoinLimit: 2, participantsNumber: 0 }, [
        { name: "一等奖", count: 1, weight: "30" },
        { name: "二等奖", count: 5, weight: "30" },
        { name: "谢谢参与", count: 0, weight: "40" },
      ]);
      const settled = await fire(lotteryId, 200, 50, (i) => member(i % 60));
      const won = settled.filter((s): s is PromiseFulfilledResult<DrawResult> => s.status === "fulfilled").map((s) => s.value);
      const refused = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected").map((s) => s.reason);
      for (const r of refused) {
        expect(r).toBeInstanceOf(DomainError);
        expect([DRAW_MSG.perPerson, DRAW_MSG.busy]).toContain(r.desc);
      }
      // 60 members × 2: the unlimited prize is always there, so every allowed draw lands.
      expect(won).toHaveLength(120);
      expect(refused.filter((r) => r.desc === DRAW_MSG.perPerson).length).toBe(80);

      const prizes = await prizesOf(tenantId, lotteryId, true);
      const byId = new Map(prizes.map((p) => [p.id, p]));
      expect(byId.get(prizeIds[0]!)!.won).toBeLessThanOrEqual(1);
      expect(byId.get(prizeIds[1]!)!.won).toBeLessThanOrEqual(5);
      expect(prizes.reduce((s, p) => s + p.won, 0)).toBe(120);

      const { data: records } = await LotteryRecord.query.byLottery({ tenantId, lotteryId }).go({ pages: "all" });
      expect(records).toHaveLength(120);
      expect(new Set(records.map((r) => r.id)).size).toBe(120);
      for (const id of prizeIds) expect(records.filter((r) => r.prizeId === id).length).toBe(byId.get(id)!.won);
      const perMember = new Map<number, number>();
      for (const r of records) perMember.set(r.mobileUserId, (perMember.get(r.mobileUserId) ?? 0) + 1);
      expect(Math.max(...perMember.values())).toBe(2);
      expect(perMember.size).toBe(60);
      const { data: entrants } = await LotteryEntrant.query.byMember({ tenantId, lotteryId }).go({ pages: "all" });
      expect(entrants.every((e) => e.draws === perMember.get(e.mobileUserId))).toBe(true);

      const { summary } = await lotterySummary(caller, lotteryId);
      expect(summary).toEqual({ draws: 120, participants: 60 });
    },
  );

  it("lets exactly the participant limit in when 30 new members draw at once, and never more than a stock of 3", { timeout: 60_000 }, async () => {
    const { lotteryId } = await running({ userJoinLimit: 0, participantsNumber: 10 }, [
      { name: "限量奖", count: 3, weight: "1" },
      { name: "谢谢参与", count: 0, weight: "1" },
    ]);
    const settled = await fire(lotteryId, 30, 30, (i) => member(500 + i));
    const ok = settled.filter((s) => s.status === "fulfilled");
    const refused = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected").map((s) => s.reason.desc);
    expect(ok).toHaveLength(10);
    expect(refused.every((d) => d === DRAW_MSG.full)).toBe(true);
    const { summary, rows } = await lotterySummary(caller, lotteryId);
    expect(summary.participants).toBe(10);
    expect(rows[0]!.won).toBeLessThanOrEqual(3);
    // Those inside draw on without limit; a stock of 3 is never exceeded.
    const again = await fire(lotteryId, 40, 20, (i) => member(500 + (i % 30)));
    expect(again.filter((s) => s.status === "rejected" && s.reason.desc === DRAW_MSG.full).length).toBeGreaterThan(0);
    const after = await lotterySummary(caller, lotteryId);
    expect(after.rows[0]!.won).toBeLessThanOrEqual(3);
    expect(after.summary.participants).toBe(10);
  });

  it("500 draws, 100 at a time, by 250 members limited to 1 each against a stock of 10: exactly 10 won, one draw each", { timeout: 180_000 }, async () => {
    const { lotteryId, prizeIds } = await running({ userJoinLimit: 1, participantsNumber: 0 }, [
      { name: "限量奖", count: 10, weight: "1" },
      { name: "谢谢参与", count: 0, weight: "1" },
    ]);
    const settled = await fire(lotteryId, 500, 100, (i) => member(2000 + (i % 250)));
    const won = settled.filter((s): s is PromiseFulfilledResult<DrawResult> => s.status === "fulfilled").map((s) => s.value);
    const refused = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected").map((s) => s.reason.desc);
    expect(won).toHaveLength(250);
    expect(refused).toEqual(Array(250).fill(DRAW_MSG.perPerson));
    // Half the weight on 10 units over 250 draws: the stock runs out, and never over.
    expect(won.filter((w) => w.prizeId === prizeIds[0]).length).toBe(10);
    const { summary, rows } = await lotterySummary(caller, lotteryId);
    expect(summary).toEqual({ draws: 250, participants: 250 });
    expect(rows[0]).toMatchObject({ won: 10, remaining: 0 });
    const { data: records } = await LotteryRecord.query.byLottery({ tenantId, lotteryId }).go({ pages: "all" });
    expect(new Set(records.map((r) => r.mobileUserId)).size).toBe(250);
    expect(records.filter((r) => r.prizeId === prizeIds[0])).toHaveLength(10);
  });

  it("gives out exactly the stock when 100 draws at once want 10 units and nothing else, and takes nothing from the refused", { timeout: 60_000 }, async () => {
    const { lotteryId } = await running({ userJoinLimit: 0, participantsNumber: 0 }, [
      { name: "三件", count: 3, weight: "1" },
      { name: "七件", count: 7, weight: "1" },
    ]);
    const settled = await fire(lotteryId, 100, 100, (i) => member(3000 + i));
    const refused = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected").map((s) => s.reason.desc);
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(10);
    expect(refused.every((d) => d === DRAW_MSG.empty)).toBe(true);
    const prizes = await prizesOf(tenantId, lotteryId, true);
    expect(prizes.map((p) => p.won)).toEqual([3, 7]);
    // A refused draw gave its draw back: the winners drew once, the others not at all.
    const { data: entrants } = await LotteryEntrant.query.byMember({ tenantId, lotteryId }).go({ pages: "all" });
    expect(entrants.reduce((s, e) => s + e.draws, 0)).toBe(10);
    await expect(drawPrize(member(3999), lotteryId)).rejects.toMatchObject({ desc: DRAW_MSG.empty });
  });

  it("keeps every win when a restock is saved while 60 draws race, and never goes over the new count", { timeout: 60_000 }, async () => {
    const { lotteryId, prizeIds } = await running({ userJoinLimit: 0, participantsNumber: 0 }, [{ name: "补货奖", count: 5, weight: "1" }]);
    const draws = fire(lotteryId, 60, 60, (i) => member(4000 + i));
    // A running activity may grow a count at any time (restocking).
    const restock = savePrize(
      caller,
      v.parse(PrizeInput, { id: prizeIds[0], lotteryId, prizeName: "补货奖", prizePrice: 0, prizeCount: 15, lotteryWeight: "1", hasDistribute: 1, prizeTips: "" }),
    ).catch((e: DomainError) => e.desc);
    const [settled, saved] = await Promise.all([draws, restock]);
    const prizes = await prizesOf(tenantId, lotteryId, true);
    const limit = typeof saved === "string" ? 5 : 15;
    const wins = settled.filter((s) => s.status === "fulfilled").length;
    expect(prizes[0]!.won).toBe(wins);
    expect(wins).toBeLessThanOrEqual(limit);
    const slices = await slicesOf({ tenantId, lotteryId }, true);
    expect(slices.every((x) => x.won <= x.cap)).toBe(true);
    expect(slices.reduce((s, x) => s + x.cap, 0)).toBe(prizes[0]!.prizeCount);
  });

  it("deletes an activity of the most prizes with all their stock slices (more items than one transaction takes)", { timeout: 60_000 }, async () => {
    const { lotteryId } = await running(
      { userJoinLimit: 0, participantsNumber: 0 },
      Array.from({ length: MAX_PRIZES }, (_, i) => ({ name: `奖${i}`, count: i, weight: "1" })),
    );
    expect(await slicesOf({ tenantId, lotteryId }, true)).toHaveLength(MAX_PRIZES * 8);
    expect(await deleteLotteries(caller, [lotteryId])).toEqual([lotteryId]);
    expect(await getLottery(tenantId, lotteryId, true)).toBeNull();
    expect(await prizesOf(tenantId, lotteryId, true)).toEqual([]);
    expect(await slicesOf({ tenantId, lotteryId }, true)).toEqual([]);
  });

  it("refuses outside the period, when disabled and when nothing is left", async () => {
    const ended = await saveLottery(caller, v.parse(LotteryInput, { title: "已结束", startTime: "2020-01-01", endTime: "2020-01-31", idisplay: 1 }));
    await expect(drawPrize(member(1), ended.id)).rejects.toMatchObject({ desc: DRAW_MSG.ended });
    const later = await saveLottery(caller, v.parse(LotteryInput, { title: "未开始", startTime: "2099-01-01", endTime: "2099-01-31", idisplay: 1 }));
    await expect(drawPrize(member(1), later.id)).rejects.toMatchObject({ desc: DRAW_MSG.notStarted });
    const off = await saveLottery(caller, v.parse(LotteryInput, { title: "禁用", startTime: "2020-01-01", endTime: "2099-01-31", idisplay: 0 }));
    await expect(drawPrize(member(1), off.id)).rejects.toMatchObject({ desc: DRAW_MSG.disabled });
    const { lotteryId } = await running({ userJoinLimit: 0, participantsNumber: 0 }, [{ name: "唯一", count: 1, weight: "1" }]);
    const first = await drawPrize(member(2), lotteryId);
    expect(first).toMatchObject({ prizeName: "唯一", draws: 1, drawsLeft: null, prizeTips: "恭喜您获得唯一" });
    await expect(drawPrize(member(3), lotteryId)).rejects.toMatchObject({ desc: DRAW_MSG.empty });
    await expect(drawPrize(member(3), 999_999)).rejects.toMatchObject({ desc: "活动不存在或已被删除" });
  });
});
