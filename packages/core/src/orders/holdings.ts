import type { HotelOrderItem } from "./entities.ts";
import { releaseRooms } from "../hotels/availability.ts";
import { restoreWeeks, type LotTake } from "../clients/ledger/ledger.ts";
import { restoreVouchers, type VoucherTake } from "../vouchers/ledger/ledger.ts";
import type { TxItem } from "../kernel/tx.ts";
import { readJson } from "../kernel/json.ts";
import { HOLDING } from "./status.ts";

/**
 * What a booking holds — its rooms on each night, the stored weeks and the vouchers it took — and
 * the items that give exactly that back. The order keeps what was taken (nights, ledger takes), so
 * a release never recomputes: it returns what the booking took, not what it would take today.
 */
export type Holdings = { nights: string[]; weekTakes: LotTake[]; voucherTakes: VoucherTake[] };

export function holdingsOf(o: HotelOrderItem): Holdings {
  const nights = readJson<Array<{ date: string }>>(o.nightsJson, []).map((n) => n.date);
  return { nights, weekTakes: readJson<LotTake[]>(o.weekTakes, []), voucherTakes: readJson<VoucherTake[]>(o.voucherTakes, []) };
}

/**
 * The items that release an order's holdings (none when it holds nothing any more: refused, cancelled, or the stay began).
 * `operator` is the staff member whose move gives them back, for the weeks' balance history.
 */
export function releaseItems(o: HotelOrderItem, operator = ""): TxItem[] {
  if (o.holding !== 1 || !HOLDING.includes(o.status)) return [];
  const h = holdingsOf(o);
  const items: TxItem[] = [];
  if (h.nights.length) items.push(...releaseRooms({ tenantId: o.tenantId, hotelId: o.hotelId, roomId: o.roomId }, h.nights, o.checkinRoomCount));
  if (h.weekTakes.length)
    items.push(
      ...restoreWeeks({ tenantId: o.tenantId, clientId: o.clientId, productTypeId: o.productTypeId ?? 0 }, h.weekTakes, {
        note: { reason: "订房退回", source: "order", sourceId: o.id, operator },
      }),
    );
  if (h.voucherTakes.length) items.push(...restoreVouchers({ tenantId: o.tenantId, clientId: o.clientId }, h.voucherTakes, o.id));
  return items;
}
