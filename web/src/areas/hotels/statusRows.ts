import { datesFrom, weekName } from "@xiangyu/core/hotels/nights";
import type { Cell } from "./hotelTypes.ts";

/**
 * The room status editor's rows (R110–R114): one per day of the chosen range, showing the stored
 * numbers until the user types over them. Edits live only here until saved (R114); with the sync
 * box ticked an edit of one row is copied to every day of the range.
 */
export type Draft = { roomCount: string; inPrice: string };
export type StatusRow = Draft & { inDate: string; week: string; usedRoomCount: number; stored: boolean; edited: boolean };
export type Edits = Record<string, Partial<Draft>>;

const text = (n: number | undefined) => (n === undefined ? "" : String(n));

export function buildRows(startDate: string, endDate: string, stored: readonly Cell[], edits: Edits): StatusRow[] {
  if (!startDate || !endDate || endDate < startDate) return [];
  const byDate = new Map(stored.map((c) => [c.inDate, c]));
  return datesFrom(startDate, endDate).map((inDate) => {
    const s = byDate.get(inDate);
    const e = edits[inDate] ?? {};
    return {
      inDate,
      week: weekName(inDate),
      roomCount: e.roomCount ?? text(s?.roomCount),
      inPrice: e.inPrice ?? text(s?.inPrice),
      usedRoomCount: s?.usedRoomCount ?? 0,
      stored: !!s,
      edited: e.roomCount !== undefined || e.inPrice !== undefined,
    };
  });
}

/** The edits after the user changed one row; with `sync` the change goes to every row shown. */
export function editRow(edits: Edits, rows: readonly StatusRow[], inDate: string, patch: Partial<Draft>, sync: boolean): Edits {
  const next = { ...edits };
  for (const d of sync ? rows.map((r) => r.inDate) : [inDate]) next[d] = { ...next[d], ...patch };
  return next;
}

/** What roomstatussave receives (R113): the days that have a room count; blank days are left out. */
export function statusList(rows: readonly StatusRow[], withPrice: boolean) {
  return rows.filter((r) => r.roomCount.trim() !== "").map((r) => ({ inDate: r.inDate, roomCount: r.roomCount.trim(), ...(withPrice ? { inPrice: r.inPrice.trim() } : {}) }));
}
