import { formatDateTime } from "../kernel/clock.ts";
import { inReach, type Scoped } from "../kernel/dataScope.ts";
import { cellOf, roomsOfDay, type Day } from "./days.ts";
import { addDays, daysBetween, weekName } from "./nights.ts";
import { roomsTaken } from "./rules.ts";
import type { HotelType } from "./schemas.ts";

/**
 * The occupancy of the days to come by hotel type (issue 36, the workbench's 未来30天入住率; docs/api.md
 * `hotel/occupancy`): per type and day, rooms taken (offered less free) over rooms offered, added over
 * the enabled hotels of the type within the caller's departments, as the room-status calendar adds a
 * hotel's rooms. The type is the screen's (会员酒店 1601 → club, 折扣酒店 1602 → discount), else both.
 *
 * Read from the kept roll-up (occupancyRollup.ts: per type and store, written every ten minutes);
 * this module is the pure part: which stored run answers a read, and the reply drawn from it.
 */
export const MAX_OCCUPANCY_HOTELS = 1_000;
/** How old a roll-up may be and still answer: the job writes one every ten minutes. */
export const ROLLUP_FRESH_MS = 20 * 60_000;
/** A tenant whose chart nobody opened for this long is left out of the job (its next reader rolls up itself). */
export const ROLLUP_IDLE_MS = 24 * 3_600_000;
/** How often a reader notes on the run that the chart is still looked at. */
export const READ_NOTE_MS = 3_600_000;

export type OccupancyDay = { date: string; week: string; taken: number; total: number };
export type TypeOccupancy = { hotelType: HotelType; hotels: number; days: OccupancyDay[] };
export type Occupancy = { startDate: string; endDate: string; hotelsCapped: boolean; updatedAt: string; types: TypeOccupancy[] };

/** One store's hotels of one type: their count, and rooms taken and offered per day from the run's first date. */
export type RollupPart = { hotelType: HotelType; shop: string; hotels: number; taken: number[]; total: number[] };
/** A whole roll-up: computed on business date `from` at `at` (ms), under the hotels' list version; last read at `readAt`. */
export type Rollup = { from: string; at: number; version: number; readAt: number; capped: HotelType[]; parts: RollupPart[] };
/** A stored item of a run: a part, or the mark (`part` "") with the run's facts. */
export type StoredRun = Partial<RollupPart> & { run: string; part: string; from?: string; at?: number; version?: number; readAt?: number; parts?: number; capped?: number[] };

/** A stored day's rooms added up: offered, and taken (offered less free, never below 0). */
export function dayTotals(day: Day): { taken: number; total: number } {
  let taken = 0;
  let total = 0;
  for (const roomId of roomsOfDay(day)) {
    const c = cellOf(day, roomId);
    if (!c) continue;
    total += c.roomCount;
    taken += roomsTaken(c);
  }
  return { taken, total };
}

export const partName = (p: Pick<RollupPart, "hotelType" | "shop">): string => `${p.hotelType}#${p.shop}`;

/** The runs whose mark and every part are stored, newest first. */
export function wholeRuns(items: StoredRun[]): Rollup[] {
  const byRun = new Map<string, StoredRun[]>();
  for (const i of items) byRun.set(i.run, [...(byRun.get(i.run) ?? []), i]);
  const whole: Rollup[] = [];
  for (const [, run] of [...byRun].sort(([a], [b]) => (a < b ? 1 : -1))) {
    const mark = run.find((i) => i.part === "");
    const parts = run.filter((i) => i.part !== "");
    if (!mark || parts.length !== mark.parts) continue;
    whole.push({
      from: mark.from ?? "",
      at: Number(mark.at ?? 0),
      version: Number(mark.version ?? 0),
      readAt: Number(mark.readAt ?? 0),
      capped: (mark.capped ?? []) as HotelType[],
      parts: parts.map((p) => ({ hotelType: p.hotelType as HotelType, shop: p.shop ?? "", hotels: p.hotels ?? 0, taken: p.taken ?? [], total: p.total ?? [] })),
    });
  }
  return whole;
}

/**
 * Whether a roll-up answers a read of `days` days from `today`: written under the hotels' current
 * list version (a hotel added, removed, enabled, disabled, moved or retyped moves it), at most
 * `ROLLUP_FRESH_MS` ago, and holding every day asked (yesterday's run still holds today's 31 days).
 */
export function rollupAnswers(r: Rollup, now: { today: string; ms: number; version: number; days: number; length: number }): boolean {
  const offset = daysBetween(r.from, now.today);
  return r.version === now.version && now.ms - r.at <= ROLLUP_FRESH_MS && offset >= 0 && offset + now.days <= now.length;
}

/** Whether the job keeps rolling up this tenant: its chart was read within `ROLLUP_IDLE_MS`. */
export const readLately = (r: Rollup | undefined, ms: number): boolean => !!r && ms - r.readAt <= ROLLUP_IDLE_MS;

/** The reply from a roll-up: the types asked, over the stores in the caller's reach, from today for `days` days. */
export function occupancyOf(r: Rollup, caller: Scoped, types: HotelType[], startDate: string, days: number): Occupancy {
  const offset = daysBetween(r.from, startDate);
  const dates = Array.from({ length: days }, (_, i) => addDays(startDate, i));
  return {
    startDate,
    endDate: dates.at(-1)!,
    hotelsCapped: types.some((t) => r.capped.includes(t)),
    updatedAt: formatDateTime(r.at),
    types: types.map((hotelType) => {
      const parts = r.parts.filter((p) => p.hotelType === hotelType && inReach(caller, p.shop));
      return {
        hotelType,
        hotels: parts.reduce((n, p) => n + p.hotels, 0),
        days: dates.map((date, i) => ({
          date,
          week: weekName(date),
          taken: parts.reduce((n, p) => n + (p.taken[offset + i] ?? 0), 0),
          total: parts.reduce((n, p) => n + (p.total[offset + i] ?? 0), 0),
        })),
      };
    }),
  };
}
