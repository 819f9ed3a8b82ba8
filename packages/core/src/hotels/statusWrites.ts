import { Hotel } from "./entities.ts";
import { cellOf, writeCells, type CellChange, type Day } from "./days.ts";
import { DomainError } from "../kernel/errors.ts";
import { conditional } from "../kernel/tx.ts";

/**
 * Saving room status (the editor and the calendar): check against what is booked, write each
 * day, move the hotel's last stored day forward.
 */

/** Refusal naming the first few days on which more rooms are booked than would be offered. */
export function overbooked(changes: CellChange[]): DomainError {
  const days = [...new Set(changes.map((c) => c.inDate))].sort();
  const shown = days.slice(0, 5).join("、") + (days.length > 5 ? ` 等${days.length}天` : "");
  return new DomainError(`房间数不能少于已预订的房间数：${shown}`, "409");
}

/** Moves a hotel's "last stored day" forward, never back. */
export async function advanceLastDate(tenantId: string, hotelId: number, date: string): Promise<void> {
  // Refused: it is already at this day or later.
  await conditional(
    Hotel.patch({ tenantId, id: hotelId })
      .set({ lastDate: date })
      .where((a, op) => op.lt(a.lastDate, date))
      .go(),
  );
}

/**
 * Saves status changes of one hotel. Days are checked first against what is stored (`stored`, read
 * by the caller with the one Query its screen needs) so that a refused save changes nothing; a
 * booking landing between the check and the write is still caught by the write's condition.
 * Each day is its own conditional write: a range may hold hundreds of days, beyond one transaction.
 */
export async function applyStatus(changes: CellChange[], stored: Day[]): Promise<void> {
  if (changes.length === 0) return;
  const byDate = new Map(stored.map((d) => [d.inDate, d]));
  const short = changes.filter((c) => {
    if (c.roomCount === undefined) return false;
    const day = byDate.get(c.inDate);
    return !!day && c.roomCount < (cellOf(day, c.roomId)?.usedRoomCount ?? 0);
  });
  if (short.length) throw overbooked(short);
  const refused = await writeCells(changes);
  const last = changes.reduce((m, c) => (c.inDate > m ? c.inDate : m), "");
  await advanceLastDate(changes[0]!.tenantId, changes[0]!.hotelId, last);
  if (refused.length) throw overbooked(refused);
}
