import { Holiday, type HolidayItem } from "./entities.ts";
import type { HolidayInput } from "./schemas.ts";
import { addDays, businessDate, classifyNights, datesFrom, holidayOn, type Night } from "./nights.ts";
import { holidayView, type HolidayView } from "./views.ts";
import { readTotal, totalDelta } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, NOTHING_DELETED, nothingDeleted } from "../kernel/errors.ts";
import { transact, txDelete, txPut } from "../kernel/tx.ts";
import { listPage, type PageRun } from "../kernel/list.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Envelope } from "../kernel/envelope.ts";

/** Holidays (spec 000 §2 holiday settings; R116–R121): listed days count as weekend nights. */

const TOTAL = "holiday";

/** The holiday list, latest first. */
export async function listHolidays(tenantId: string, p: Paging): Promise<Envelope<never, HolidayView>> {
  const run: PageRun<HolidayItem> = ({ limit, cursor }) => Holiday.query.byStart({ tenantId }).go({ limit, cursor, order: "desc" });
  return listPage(run, p, () => readTotal(tenantId, TOTAL), holidayView);
}

/** Saves a holiday; a holiday starting on the same day is replaced (one record per first day, docs/gaps.md §6). */
export async function saveHoliday(tenantId: string, input: HolidayInput): Promise<HolidayView> {
  const item = { tenantId, ...input, createTime: formatDateTime() };
  const { data: old } = await Holiday.get({ tenantId, holidayDate: input.holidayDate }).go();
  if (old) {
    await Holiday.put({ ...item, createTime: old.createTime ?? item.createTime }).go();
  } else {
    await transact([txPut(Holiday.create(item), "该日期已设置节假日，请刷新后重试"), totalDelta(tenantId, TOTAL, 1)]);
  }
  return holidayView(item as HolidayItem);
}

/** Deletes the holiday starting on a day (R121). */
export async function deleteHoliday(tenantId: string, holidayDate: string): Promise<void> {
  try {
    // The remove is conditional on the holiday existing, so the total moves only with a real delete.
    await transact([txDelete(Holiday.remove({ tenantId, holidayDate }), NOTHING_DELETED), totalDelta(tenantId, TOTAL, -1)]);
  } catch (e) {
    if (e instanceof DomainError && e.desc === NOTHING_DELETED) throw nothingDeleted();
    throw e;
  }
}

/** Holidays touching [from, to]: those ending on or after `from` (an index on the end day), starting by `to`. */
export async function holidaysBetween(tenantId: string, from: string, to: string): Promise<HolidayItem[]> {
  const { data } = await Holiday.query
    .byEnd({ tenantId })
    .gte({ holidayEnddate: from })
    .where((a, op) => op.lte(a.holidayDate, to))
    .go({ pages: "all" });
  return data;
}

/** Every holiday day in [from, to] with its holiday's name (order/getholidaylist). */
export async function holidayDates(tenantId: string, from: string, to: string): Promise<Array<{ holidayDate: string; holidayName: string }>> {
  if (to < from) throw new DomainError("结束日期不能早于开始日期", "400");
  const holidays = await holidaysBetween(tenantId, from, to);
  const out: Array<{ holidayDate: string; holidayName: string }> = [];
  for (const d of datesFrom(from, to)) {
    const h = holidayOn(d, holidays);
    if (h) out.push({ holidayDate: d, holidayName: h.holidayName ?? "" });
  }
  return out;
}

/**
 * The nights of a stay classified weekday/weekend with the tenant's holidays: what the orders
 * area counts weekday and weekend nights by.
 */
export async function nightsOfStay(tenantId: string, checkIn: string | number | Date, checkOut: string | number | Date): Promise<Night[]> {
  const [first, out] = [businessDate(checkIn), businessDate(checkOut)];
  if (out <= first) return [];
  return classifyNights(first, out, await holidaysBetween(tenantId, first, addDays(out, -1)));
}
