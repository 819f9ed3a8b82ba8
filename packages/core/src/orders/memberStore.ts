import { MembershipAccount } from "../clients/ledger/entities.ts";
import { productTypeMap } from "../products/types.ts";
import { readVoucherBatches } from "../vouchers/ledger/ledger.ts";
import { isGeneral, voucherStore, type PlanBatch, type VoucherStore } from "../vouchers/ledger/plan.ts";
import { visibleClient } from "../clients/visible.ts";
import { formatDateTime, today } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { MSG } from "./booking.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * What a client holds for a booking (client/memberstore, R182): the stored weeks club hotels are
 * paid with, and the vouchers usable at the hotel.
 *
 * Club bookings are paid from the membership whose product type counts in weeks (unit 周); when a
 * client holds several, the one with the most whole weeks left pays.
 */
export const WEEK_UNIT = "周";

export type WeeksAccount = { productTypeId: number; remainingCount: number; remainingFirstHaltCount: number; remainingSecondHaltCount: number };

export async function weeksAccountOf(tenantId: string, clientId: number): Promise<WeeksAccount | null> {
  const [{ data }, types] = await Promise.all([MembershipAccount.query.byClient({ tenantId, clientId }).go({ pages: "all" }), productTypeMap(tenantId)]);
  const weekly = data.filter((a) => types.get(a.productTypeId)?.productUnit === WEEK_UNIT);
  weekly.sort((a, b) => (b.remainingCount ?? 0) - (a.remainingCount ?? 0) || a.productTypeId - b.productTypeId);
  const a = weekly[0];
  return a
    ? {
        productTypeId: a.productTypeId,
        remainingCount: a.remainingCount ?? 0,
        remainingFirstHaltCount: a.remainingFirstHaltCount ?? 0,
        remainingSecondHaltCount: a.remainingSecondHaltCount ?? 0,
      }
    : null;
}

export type MemberStore = {
  clientId: number;
  clientName: string;
  /** Bound to the mini-program (R165). */
  bound: boolean;
  membership: WeeksAccount | null;
  /** Of the discount vouchers counted, how many only some hotels take (0 once a hotel is named: all counted ones fit it). */
  hotelBound: number;
} & VoucherStore;

/**
 * The vouchers a booking can use. With a hotel: those usable there. Without one (the wizard's first
 * step, before a hotel is chosen): every voucher usable at some hotel, bound ones included and
 * counted apart — counting only general ones made step 1 show fewer than step 3 then offered at the
 * hotel they are bound to.
 */
export function bookingVouchers(batches: PlanBatch[], hotelId: number, lastNight: string, now: string): VoucherStore & { hotelBound: number } {
  if (hotelId) return { ...voucherStore(batches, hotelId, lastNight, now), hotelBound: 0 };
  const anywhere = (list: PlanBatch[]) =>
    voucherStore(
      list.map((b) => ({ ...b, bindingHotelIds: [] })),
      0,
      lastNight,
      now,
    );
  const bound = anywhere(batches.filter((b) => !isGeneral(b.bindingHotelIds)));
  return { ...anywhere(batches), hotelBound: bound.ticketClassCount.total };
}

/**
 * The store for a booking at `hotelId` whose last night is `lastNight` (vouchers must still be
 * valid then; today when not known). Club hotels need a membership (R184).
 */
export async function memberStore(caller: Caller, q: { clientId: number; hotelId: number; lastNight?: string; needsWeeks?: boolean }): Promise<MemberStore> {
  const client = await visibleClient(caller, q.clientId);
  const [membership, batches] = await Promise.all([weeksAccountOf(caller.tenantId, client.id), readVoucherBatches({ tenantId: caller.tenantId, clientId: client.id })]);
  if (q.needsWeeks && !membership) throw new DomainError(MSG.noMembership, "404");
  const store = bookingVouchers(batches as PlanBatch[], q.hotelId, q.lastNight || today(), formatDateTime());
  return { clientId: client.id, clientName: client.clientName, bound: !!client.globalId, membership, ...store };
}
