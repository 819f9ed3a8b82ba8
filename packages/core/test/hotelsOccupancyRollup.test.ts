import { describe, it, expect } from "vitest";
import { occupancyOf, readLately, ROLLUP_FRESH_MS, ROLLUP_IDLE_MS, rollupAnswers, wholeRuns, type Rollup, type StoredRun } from "../src/hotels/occupancy.ts";

/** The occupancy roll-up's pure part (hotels/occupancy.ts): which stored run answers, and the reply drawn from it. */
const part = (run: string, hotelType: 1 | 2, shop: string, hotels: number, taken: number[], total: number[]): StoredRun => ({
  run,
  part: `${hotelType}#${shop}`,
  hotelType,
  shop,
  hotels,
  taken,
  total,
});
const mark = (run: string, parts: number, o: Partial<StoredRun> = {}): StoredRun => ({ run, part: "", from: "2026-06-01", at: Number(run), version: 3, parts, capped: [], ...o });

describe("wholeRuns", () => {
  it("takes the newest run whose mark and every part are stored", () => {
    const items = [
      mark("100", 2),
      part("100", 1, "A01", 2, [1, 2], [4, 4]),
      part("100", 2, "A01", 1, [0, 0], [3, 3]),
      // A newer run still being written: its mark says 2 parts, one is there.
      mark("200", 2),
      part("200", 1, "A01", 2, [9, 9], [9, 9]),
      // A newer run with no mark yet.
      part("300", 1, "A01", 2, [5, 5], [5, 5]),
    ];
    const runs = wholeRuns(items);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ at: 100, version: 3, parts: [{ hotelType: 1, shop: "A01", taken: [1, 2] }, { hotelType: 2 }] });
  });

  it("orders whole runs newest first, and a run of no hotels is whole with its mark alone", () => {
    const runs = wholeRuns([mark("100", 0), mark("200", 1), part("200", 1, "", 1, [0], [1])]);
    expect(runs.map((r) => r.at)).toEqual([200, 100]);
    expect(wholeRuns([])).toEqual([]);
  });
});

describe("rollupAnswers", () => {
  const r: Rollup = { from: "2026-06-01", at: 1_000_000, version: 3, readAt: 0, capped: [], parts: [] };
  const now = { today: "2026-06-01", ms: 1_000_000 + 60_000, version: 3, days: 30, length: 32 };
  it("answers under the same list version while fresh", () => {
    expect(rollupAnswers(r, now)).toBe(true);
    expect(rollupAnswers(r, { ...now, ms: r.at + ROLLUP_FRESH_MS })).toBe(true);
    expect(rollupAnswers(r, { ...now, ms: r.at + ROLLUP_FRESH_MS + 1 })).toBe(false);
    expect(rollupAnswers(r, { ...now, version: 4 })).toBe(false);
  });
  it("answers the day after while it still holds every day asked", () => {
    expect(rollupAnswers(r, { ...now, today: "2026-06-02", days: 31 })).toBe(true);
    expect(rollupAnswers(r, { ...now, today: "2026-06-03", days: 31 })).toBe(false);
    expect(rollupAnswers(r, { ...now, today: "2026-06-03", days: 30 })).toBe(true);
    expect(rollupAnswers(r, { ...now, today: "2026-05-31" })).toBe(false);
  });
});

describe("occupancyOf", () => {
  const r: Rollup = {
    from: "2026-06-01",
    at: Date.UTC(2026, 5, 1, 2, 0, 0),
    version: 1,
    readAt: 0,
    capped: [2],
    parts: [
      { hotelType: 1, shop: "0001", hotels: 2, taken: [1, 2, 3], total: [10, 10, 10] },
      { hotelType: 1, shop: "0002", hotels: 1, taken: [0, 5, 0], total: [5, 5, 5] },
      { hotelType: 2, shop: "0001", hotels: 4, taken: [7, 7, 7], total: [8, 8, 8] },
    ],
  };
  it("adds the stores of each type asked, from today's place in the run", () => {
    const o = occupancyOf(r, { deptCodes: [""] }, [1, 2], "2026-06-02", 2);
    expect(o).toMatchObject({ startDate: "2026-06-02", endDate: "2026-06-03", hotelsCapped: true, updatedAt: "2026-06-01 10:00:00" });
    expect(o.types[0]).toMatchObject({
      hotelType: 1,
      hotels: 3,
      days: [
        { date: "2026-06-02", taken: 7, total: 15 },
        { date: "2026-06-03", taken: 3, total: 15 },
      ],
    });
    expect(o.types[1]).toMatchObject({
      hotelType: 2,
      hotels: 4,
      days: [
        { taken: 7, total: 8 },
        { taken: 7, total: 8 },
      ],
    });
    expect(o.types[0]!.days[0]!.week).toMatch(/^星期/);
  });
  it("adds only the stores in the caller's reach, and says capped only for a capped type asked", () => {
    const o = occupancyOf(r, { deptCodes: ["0002"] }, [1], "2026-06-01", 3);
    expect(o.hotelsCapped).toBe(false);
    expect(o.types).toEqual([expect.objectContaining({ hotelType: 1, hotels: 1 })]);
    expect(o.types[0]!.days.map((d) => [d.taken, d.total])).toEqual([
      [0, 5],
      [5, 5],
      [0, 5],
    ]);
  });
});

describe("readLately", () => {
  it("keeps a tenant in the job while its chart was read within a day", () => {
    const r: Rollup = { from: "2026-06-01", at: 0, version: 0, readAt: 5_000, capped: [], parts: [] };
    expect(readLately(r, 5_000 + ROLLUP_IDLE_MS)).toBe(true);
    expect(readLately(r, 5_001 + ROLLUP_IDLE_MS)).toBe(false);
    expect(readLately(undefined, 0)).toBe(false);
  });
});
