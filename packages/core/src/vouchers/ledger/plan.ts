import { DomainError } from "../../kernel/errors.ts";

/**
 * The room-voucher rules without I/O (the console imports them too): which vouchers a client may
 * use on a stay, how many of each class it holds (member store info), and which batches give what.
 *
 * Discount vouchers (ticketType 0) come in six classes, named as the member store info names them:
 * all… = free, half… = half price; …day = weekdays, …end = weekend, …all = any night.
 * An experience voucher (ticketType 1) is one voucher of N nights: a batch of ticketCount N is
 * used whole, on a stay of exactly N nights (N + 1 days, R179) in one room.
 */
export const NOT_ENOUGH_VOUCHERS = "房券不足";
export const EXPERIENCE_UNUSABLE = "体验券不存在或不可用";
export const BAD_VOUCHER_COUNT = "房券数量不正确";
export const MIXED_VOUCHERS = "体验券不能与折扣券同时使用";
export const EXPERIENCE_ONE_ROOM = "体验券只能预订一间房";
/** The booking rule's own message (R178): the ledger refuses the same thing. */
export const EXPERIENCE_NIGHTS = "预订天数与体验券数量不符，请重新选择预订时间。";
export const TOO_MANY_VOUCHERS = "房券数量不能超过预订间夜数";
export const BAD_STAY = "预订信息不正确";
export const BAD_EXPIRY = "有效期限格式不正确";

export const TICKET_TYPE = { discount: 0, experience: 1 } as const;
export const PRICE_TYPE = { free: 1, half: 2 } as const;
export const USE_SCOPE = { all: 1, weekend: 2, weekdays: 3 } as const;

export const VOUCHER_CLASSES = {
  allday: { priceType: PRICE_TYPE.free, useScope: USE_SCOPE.weekdays },
  allend: { priceType: PRICE_TYPE.free, useScope: USE_SCOPE.weekend },
  allall: { priceType: PRICE_TYPE.free, useScope: USE_SCOPE.all },
  halfday: { priceType: PRICE_TYPE.half, useScope: USE_SCOPE.weekdays },
  halfend: { priceType: PRICE_TYPE.half, useScope: USE_SCOPE.weekend },
  halfall: { priceType: PRICE_TYPE.half, useScope: USE_SCOPE.all },
} as const;
export type VoucherClass = keyof typeof VOUCHER_CLASSES;
export const CLASS_NAMES = Object.keys(VOUCHER_CLASSES) as VoucherClass[];
/** What a member and the booking wizard call each class. */
export const VOUCHER_CLASS_NAMES: Record<VoucherClass, string> = {
  allday: "平日免费券",
  allend: "周末免费券",
  allall: "全周免费券",
  halfday: "平日半价券",
  halfend: "周末半价券",
  halfall: "全周半价券",
};
export const EXPERIENCE = "experience";

/** What planning needs of a batch (a stored VoucherBatch fits). */
export type PlanBatch = {
  id: number;
  batchNo: string;
  ticketType: number;
  priceType: number;
  useScope: number;
  bindingHotelIds?: number[];
  ticketCount: number;
  usedCount?: number;
  ticketDuration: string;
  status: number;
};

/** A stay the vouchers pay for: business dates of the first and last night, `now` as `YYYY-MM-DD HH:mm:ss`. */
export type Stay = { hotelId: number; firstNight: string; lastNight: string; nights: number; rooms: number; now: string };

/** Discount vouchers per class, or one experience voucher by its batch number. */
export type VoucherRequest = { classes?: Partial<Record<VoucherClass, number>>; experienceBatchNo?: string };

/** What one batch gives to a use: keep the takes with the order, restoring needs them. */
export type VoucherTake = { batchId: number; batchNo: string; count: number; voucherClass: VoucherClass | typeof EXPERIENCE };

export type VoucherStore = {
  ticketClassCount: Record<VoucherClass | "total", number>;
  ticketClass1Count: { batchNo: string; ticketCount: number }[];
};

export const endOfDay = (date: string): string => `${date.slice(0, 10)} 23:59:59`;

/** A date or date-time as the stored expiry: 23:59:59 of that day (R197, R204). */
export function voucherExpiry(raw: string): string {
  const s = raw.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: \d{2}:\d{2}:\d{2})?$/.exec(s);
  const d = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : null;
  if (!m || !d || d.getUTCMonth() !== +m[2]! - 1 || d.getUTCDate() !== +m[3]!) throw new DomainError(BAD_EXPIRY, "400");
  return endOfDay(s);
}

export const isGeneral = (hotelIds: number[] | undefined): boolean => !hotelIds || hotelIds.length === 0 || hotelIds.includes(0);

/** Stored form of a binding: [] for a general voucher, else the distinct hotel ids. */
export const normalizeBinding = (hotelIds: number[] | undefined): number[] => (isGeneral(hotelIds) ? [] : [...new Set(hotelIds)].sort((a, b) => a - b));

export const remainingOf = (b: PlanBatch): number => b.ticketCount - (b.usedCount ?? 0);

/** The expiry a batch must reach to pay for a stay ending on lastNight: that night's end, and not already past. */
export const requiredExpiry = (lastNight: string, now: string): string => {
  const end = endOfDay(lastNight);
  return end > now ? end : now;
};

export function classOf(b: Pick<PlanBatch, "ticketType" | "priceType" | "useScope">): VoucherClass | typeof EXPERIENCE | null {
  if (b.ticketType === TICKET_TYPE.experience) return EXPERIENCE;
  return CLASS_NAMES.find((c) => VOUCHER_CLASSES[c].priceType === b.priceType && VOUCHER_CLASSES[c].useScope === b.useScope) ?? null;
}

/** Usable on a stay at hotelId whose last night is lastNight: reviewed, not expired by then, some left, general or bound to the hotel. */
export function usableFor(b: PlanBatch, hotelId: number, lastNight: string, now: string): boolean {
  return b.status === 1 && remainingOf(b) > 0 && b.ticketDuration >= requiredExpiry(lastNight, now) && (isGeneral(b.bindingHotelIds) || b.bindingHotelIds!.includes(hotelId));
}

/** Earliest expiry first, then oldest. */
const byExpiry = (a: PlanBatch, b: PlanBatch) => (a.ticketDuration < b.ticketDuration ? -1 : a.ticketDuration > b.ticketDuration ? 1 : a.id - b.id);

/** Member store info (R182): usable vouchers per class, and the usable experience vouchers by batch. */
export function voucherStore(batches: PlanBatch[], hotelId: number, lastNight: string, now: string): VoucherStore {
  const counts = { total: 0, allday: 0, allend: 0, allall: 0, halfday: 0, halfend: 0, halfall: 0 };
  const experience: VoucherStore["ticketClass1Count"] = [];
  for (const b of [...batches].sort(byExpiry)) {
    if (!usableFor(b, hotelId, lastNight, now)) continue;
    const c = classOf(b);
    if (c === EXPERIENCE) experience.push({ batchNo: b.batchNo, ticketCount: b.ticketCount });
    else if (c) {
      counts[c] += remainingOf(b);
      counts.total += remainingOf(b);
    }
  }
  return { ticketClassCount: counts, ticketClass1Count: experience };
}

function checkRequest(request: VoucherRequest, stay: Stay): { wanted: [VoucherClass, number][]; experience: string } {
  const entries = Object.entries(request.classes ?? {});
  for (const [c, n] of entries) {
    if (!(c in VOUCHER_CLASSES) || !Number.isInteger(n) || (n as number) < 0) throw new DomainError(BAD_VOUCHER_COUNT, "400");
  }
  const wanted = (entries as [VoucherClass, number][]).filter(([, n]) => n > 0);
  const experience = request.experienceBatchNo?.trim() ?? "";
  if (wanted.length === 0 && !experience) return { wanted, experience };
  if (!Number.isInteger(stay.nights) || stay.nights < 1 || !Number.isInteger(stay.rooms) || stay.rooms < 1 || stay.firstNight > stay.lastNight) {
    throw new DomainError(BAD_STAY, "400");
  }
  if (wanted.length > 0 && experience) throw new DomainError(MIXED_VOUCHERS, "400");
  // Each voucher pays for one room-night.
  if (wanted.reduce((s, [, n]) => s + n, 0) > stay.nights * stay.rooms) throw new DomainError(TOO_MANY_VOUCHERS, "400");
  return { wanted, experience };
}

/**
 * Which batches give what for a stay. Discount vouchers: per class, from the usable batches of that
 * class, earliest expiry first. An experience voucher: its batch, whole. An empty request takes nothing.
 * Throws 房券不足 when the usable batches cannot cover a class.
 */
export function planVoucherUse(batches: PlanBatch[], request: VoucherRequest, stay: Stay): VoucherTake[] {
  const { wanted, experience } = checkRequest(request, stay);
  const usable = batches.filter((b) => usableFor(b, stay.hotelId, stay.lastNight, stay.now)).sort(byExpiry);
  if (experience) {
    const b = usable.find((x) => x.batchNo === experience && classOf(x) === EXPERIENCE);
    // Used whole: a partly used experience batch is not usable (it never is, but say so).
    if (!b || (b.usedCount ?? 0) > 0) throw new DomainError(EXPERIENCE_UNUSABLE, "400");
    if (stay.rooms !== 1) throw new DomainError(EXPERIENCE_ONE_ROOM, "400");
    if (stay.nights !== b.ticketCount) throw new DomainError(EXPERIENCE_NIGHTS, "400");
    return [{ batchId: b.id, batchNo: b.batchNo, count: b.ticketCount, voucherClass: EXPERIENCE }];
  }
  const takes: VoucherTake[] = [];
  for (const [voucherClass, n] of wanted) {
    let left = n;
    for (const b of usable) {
      if (left === 0) break;
      if (classOf(b) !== voucherClass) continue;
      const count = Math.min(left, remainingOf(b));
      takes.push({ batchId: b.id, batchNo: b.batchNo, count, voucherClass });
      left -= count;
    }
    if (left > 0) throw new DomainError(NOT_ENOUGH_VOUCHERS, "400");
  }
  return takes;
}

/** Room-voucher exchange (gaps §7): per week, 5 free weekday vouchers and 2 free weekend vouchers. */
export function exchangeVouchers(weeks: number): { ticketType: number; priceType: number; useScope: number; ticketCount: number }[] {
  if (!Number.isInteger(weeks) || weeks < 1) throw new DomainError(BAD_VOUCHER_COUNT, "400");
  return [
    { ticketType: TICKET_TYPE.discount, ...VOUCHER_CLASSES.allday, ticketCount: 5 * weeks },
    { ticketType: TICKET_TYPE.discount, ...VOUCHER_CLASSES.allend, ticketCount: 2 * weeks },
  ];
}
