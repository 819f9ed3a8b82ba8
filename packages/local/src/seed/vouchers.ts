import { Client } from "@xiangyu/core/clients/entities";
import { Hotel } from "@xiangyu/core/hotels/entities";
import { VoucherBatch } from "@xiangyu/core/vouchers/ledger/entities";
import { issueVouchersNow, type NewVoucherBatch } from "@xiangyu/core/vouchers/ledger/ledger";
import { VOUCHER_CLASSES, type VoucherClass } from "@xiangyu/core/vouchers/ledger/plan";
import { shanghai } from "@xiangyu/core/kernel/clock";
import { since } from "./progress.ts";

/**
 * Demo room vouchers: a few batches for the first members bound to the mini-program (the clients
 * a hotel order can be created for, R165): free weekday and weekend vouchers for everyone, some
 * half-price ones, some bound to the discount hotels that take vouchers, and a few experience
 * vouchers of 2–3 nights. Expiries fall in the coming year. A no-op when the tenant has vouchers.
 */
export const SEED_VOUCHER_CLIENTS = 12;

const discount = (c: VoucherClass, ticketCount: number, ticketDuration: string, bindingHotelIds: number[] = []): NewVoucherBatch => ({
  ticketType: 0,
  ...VOUCHER_CLASSES[c],
  ticketCount,
  ticketDuration,
  bindingHotelIds,
  source: "seed",
  remark: "演示房券",
});
const experience = (nights: number, ticketDuration: string, bindingHotelIds: number[] = []): NewVoucherBatch => ({
  ticketType: 1,
  ticketCount: nights,
  ticketDuration,
  bindingHotelIds,
  source: "seed",
  remark: `${nights}晚体验券`,
});

/** The batches of the n-th demo client: deterministic, so the demo looks the same everywhere. */
function batchesFor(n: number, year: number, hotels: number[]): NewVoucherBatch[] {
  // Bound to the first one or two voucher hotels (general when the tenant has none).
  const out = [discount("allday", 5, `${year}-12-31`), discount("allend", 2, `${year}-12-31`)];
  if (n % 2 === 0) out.push(discount("halfall", 4, `${year}-06-30`, hotels.slice(0, 1)));
  if (n % 3 === 0) out.push(discount("allall", 3, `${year}-09-30`, hotels.slice(0, 2)));
  if (n % 4 === 1) out.push(discount("halfday", 6, `${year}-03-31`), discount("halfend", 2, `${year}-03-31`));
  if (n % 5 === 0) out.push(experience(2, `${year}-12-31`));
  if (n % 5 === 2) out.push(experience(3, `${year}-10-31`, hotels.slice(0, 1)));
  return out;
}

export async function seedVouchers(tenantId: string, log: (s: string) => void = () => undefined): Promise<boolean> {
  if ((await VoucherBatch.query.byId({ tenantId }).go({ limit: 1 })).data.length > 0) return false;
  const t0 = Date.now();
  const members = (await Client.query.byStatus({ tenantId, status: 2 }).go({ pages: "all" })).data;
  const clients = members.filter((c) => c.globalId).slice(0, SEED_VOUCHER_CLIENTS);
  const discountHotels = (await Hotel.query.byType({ tenantId, hotelType: 2 }).go({ pages: "all" })).data;
  const hotels = discountHotels.filter((h) => h.useTicket === 1).map((h) => h.id);
  const year = shanghai().year() + 1;
  let batches = 0;
  for (const [n, c] of clients.entries()) {
    for (const b of batchesFor(n, year, hotels)) {
      await issueVouchersNow({ tenantId, clientId: c.id }, b);
      batches++;
    }
  }
  log(`vouchers: ${batches} batches for ${clients.length} members (${since(t0)})`);
  return batches > 0;
}
