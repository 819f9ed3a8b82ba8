import { describe, expect, it } from "vitest";
import { oddsIfSaved, oddsOf } from "./odds.ts";
import type { Prize } from "./lotteryQueries.ts";

/** The odds preview of the prize settings: the server's arithmetic on the rows the console shows. */
const prize = (id: number, lotteryWeight: number, prizeCount = 0, won = 0) => ({ id, lotteryWeight, prizeCount, won }) as Prize;

describe("the odds preview", () => {
  it("gives each prize its weight over the weights still in stock, decimals included", () => {
    const o = oddsOf([prize(1, 0.5), prize(2, 1.5), prize(3, 8, 2, 2)]);
    expect([...o.values()]).toEqual(["25%", "75%", "0%"]);
  });

  it("shows what an edited or new prize would have once saved, and nothing while the weight is not a number", () => {
    const rows = [prize(1, 1), prize(2, 3)];
    expect(oddsIfSaved(rows, { id: 1, weight: "3", count: 0, won: 0 })).toBe("50%");
    expect(oddsIfSaved(rows, { weight: "4", count: "10", won: 0 })).toBe("50%");
    expect(oddsIfSaved(rows, { weight: "-1", count: 0, won: 0 })).toBeNull();
    expect(oddsIfSaved(rows, { weight: "1.234", count: 0, won: 0 })).toBeNull();
    // A count already reached leaves the prize out of the draw.
    expect(oddsIfSaved(rows, { id: 1, weight: "1", count: "2", won: 2 })).toBe("0%");
  });
});
