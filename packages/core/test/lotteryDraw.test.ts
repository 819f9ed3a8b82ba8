import { describe, it, expect } from "vitest";
import { pickPrize } from "../src/lottery/draw.ts";
import {
  odds,
  percentText,
  prizeEditProblem,
  weightHundredths,
  lotteryState,
  isLive,
  distributionLabel,
  prizeValueText,
  EDIT_MSG,
  STOCK_SLICES,
  splitStock,
  type PrizeStock,
} from "../src/lottery/rules.ts";
import { seeded } from "./seeded.ts";

const prize = (id: number, weight: number, count = 0, won = 0): PrizeStock => ({ id, weight: weight * 100, count, won });

describe("pickPrize: the weighted draw", () => {
  it("lands within 1 % of the configured shares over 20,000 draws at weights 1:2:7", () => {
    const prizes = [prize(1, 1), prize(2, 2), prize(3, 7)];
    const random = seeded(20261124);
    const wins = new Map<number, number>([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    for (let i = 0; i < 20_000; i++) {
      const p = pickPrize(prizes, random)!;
      wins.set(p.id, wins.get(p.id)! + 1);
    }
    const share = (id: number) => wins.get(id)! / 20_000;
    expect(Math.abs(share(1) - 0.1)).toBeLessThan(0.01);
    expect(Math.abs(share(2) - 0.2)).toBeLessThan(0.01);
    expect(Math.abs(share(3) - 0.7)).toBeLessThan(0.01);
  });

  it("maps the random number onto each prize's slice exactly (decimal weights in hundredths)", () => {
    const prizes = [prize(1, 0.5), prize(2, 1.5)]; // slices [0, 50) and [50, 200)
    expect(pickPrize(prizes, () => 0)!.id).toBe(1);
    expect(pickPrize(prizes, () => 49)!.id).toBe(1);
    expect(pickPrize(prizes, () => 50)!.id).toBe(2);
    expect(pickPrize(prizes, () => 199)!.id).toBe(2);
    let asked = 0;
    pickPrize(prizes, (n) => ((asked = n), 0));
    expect(asked).toBe(200);
  });

  it("draws only among prizes in stock and of weight above 0; none left is null", () => {
    const gone = prize(1, 90, 3, 3);
    const zero = prize(2, 0);
    const left = prize(3, 10, 5, 4);
    const random = seeded(7);
    for (let i = 0; i < 200; i++) expect(pickPrize([gone, zero, left], random)!.id).toBe(3);
    expect(pickPrize([gone, zero], random)).toBeNull();
    expect(pickPrize([left], random, new Set([3]))).toBeNull();
  });

  it("refuses a source that answers outside [0, n)", () => {
    expect(() => pickPrize([prize(1, 1)], () => 100)).toThrow(RangeError);
    expect(() => pickPrize([prize(1, 1)], () => 0.5)).toThrow(RangeError);
  });
});

describe("the odds preview and the rules", () => {
  it("gives each prize its weight over the weights in stock; 谢谢参与 is a prize like any other", () => {
    const o = odds([prize(1, 1), prize(2, 2, 5, 5), prize(3, 7), { id: 4, weight: 0, count: 0, won: 0 }]);
    expect(o.get(1)).toBeCloseTo(1 / 8);
    expect(o.get(2)).toBe(0);
    expect(o.get(3)).toBeCloseTo(7 / 8);
    expect(o.get(4)).toBe(0);
    expect(percentText(1 / 8)).toBe("12.5%");
    expect(percentText(1 / 3)).toBe("33.3%");
    expect(percentText(0.00012)).toBe("0.012%");
    expect(percentText(0)).toBe("0%");
  });

  it("reads weights as decimals of at most two places", () => {
    expect(weightHundredths("7")).toBe(700);
    expect(weightHundredths("0.5")).toBe(50);
    expect(weightHundredths(" 12.25 ")).toBe(1225);
    for (const bad of ["-1", "1.234", "abc", "1e3", "", "0x10", "10000001"]) expect(weightHundredths(bad)).toBeNull();
  });

  it("keeps a running activity's odds honest and never lets a count fall below what was won", () => {
    const old = { weight: 100, count: 10, won: 4 };
    expect(prizeEditProblem(false, old, { weight: 200, count: 4 })).toBeNull();
    expect(prizeEditProblem(false, old, { weight: 100, count: 3 })).toBe(EDIT_MSG.belowWon(4));
    expect(prizeEditProblem(false, old, { weight: 100, count: 0 })).toBeNull();
    expect(prizeEditProblem(true, old, { weight: 100, count: 12 })).toBeNull();
    expect(prizeEditProblem(true, old, { weight: 100, count: 8 })).toBe(EDIT_MSG.runningCount);
    expect(prizeEditProblem(true, { weight: 100, count: 0, won: 4 }, { weight: 100, count: 50 })).toBe(EDIT_MSG.runningCount);
    expect(prizeEditProblem(true, old, { weight: 150, count: 10 })).toBe(EDIT_MSG.runningWeight);
    expect(prizeEditProblem(true, null, { weight: 150, count: 10 })).toBe(EDIT_MSG.runningAdd);
    expect(prizeEditProblem(false, null, { weight: 150, count: 10 })).toBeNull();
    expect(prizeEditProblem(true, { ...old, won: 0 }, "delete")).toBe(EDIT_MSG.runningDelete);
    expect(prizeEditProblem(false, old, "delete", "一等奖")).toBe("一等奖：该奖品已有中奖记录，不能删除");
    expect(prizeEditProblem(false, { ...old, won: 0 }, "delete")).toBeNull();
  });

  it("locks the odds only once a running activity has been drawn", () => {
    expect(isLive("running", [{ won: 0 }, { won: 1 }])).toBe(true);
    expect(isLive("running", [{ won: 0 }])).toBe(false);
    expect(isLive("disabled", [{ won: 3 }])).toBe(false);
    expect(isLive("ended", [{ won: 3 }])).toBe(false);
  });

  it("names the state from the flag and the period, and labels distribution and value as the spec does", () => {
    const l = { idisplay: 1, startTime: "2026-11-01 00:00:00", endTime: "2026-11-30 23:59:59" };
    expect(lotteryState(l, "2026-10-31 23:59:59")).toBe("notStarted");
    expect(lotteryState(l, "2026-11-01 00:00:00")).toBe("running");
    expect(lotteryState(l, "2026-12-01 00:00:00")).toBe("ended");
    expect(lotteryState({ ...l, idisplay: 0 }, "2026-11-15 00:00:00")).toBe("disabled");
    expect(distributionLabel({ hasDistribute: 0, status: 1 })).toBe("无需派奖");
    expect(distributionLabel({ hasDistribute: 1, status: 1 })).toBe("已派奖");
    expect(distributionLabel({ hasDistribute: 1, status: 0 })).toBe("未派奖");
    expect(prizeValueText(50)).toBe("50元");
    expect(prizeValueText(0)).toBe("-");
  });
});

describe("splitStock: a prize's count over its stock slices", () => {
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

  it("spreads a new stock evenly, a small one over as many slices as units", () => {
    expect(splitStock(20, [])).toEqual({ caps: [3, 3, 3, 3, 2, 2, 2, 2], open: 8 });
    expect(splitStock(3, [])).toEqual({ caps: [1, 1, 1, 0, 0, 0, 0, 0], open: 3 });
    expect(splitStock(0, [])).toEqual({ caps: Array(STOCK_SLICES).fill(0), open: STOCK_SLICES });
  });

  it("keeps every slice's wins when restocked, and the caps add up to the count", () => {
    const won = [2, 0, 1, 0, 0, 0, 0, 4];
    for (const count of [7, 8, 30, 1000]) {
      const { caps, open } = splitStock(count, won);
      expect(sum(caps)).toBe(count);
      caps.forEach((c, i) => expect(c).toBeGreaterThanOrEqual(won[i]!));
      // The open slices are the first ones, each with room.
      caps.forEach((c, i) => expect(c > won[i]!).toBe(i < open));
    }
    expect(splitStock(7, won).open).toBe(0);
  });
});
