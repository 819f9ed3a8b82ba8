/**
 * The appointment editor's three ways of making date-and-slot specifications (R409–R419) and the
 * general editor's row defaults (R420–R421), as pure functions the console runs while the modal is
 * open and the server's tests pin. Nothing here saves: the modal keeps the rows until 保存 (R422).
 *
 * A slot spec's startTime and endTime are business date-times "YYYY-MM-DD HH:mm:ss"; a slot is the
 * pair of them, so "the same slot" is the same start and the same end (R417). Prices are whatever
 * unit the caller keeps (the console yuan, the server fen).
 */
export type SlotSpec = {
  id: number;
  specName: string;
  startTime: string;
  endTime: string;
  marketPrice: number;
  price: number;
  goodsCount: number;
  idisplay: number;
};
export type GeneralSpec = {
  id: number;
  specName: string;
  imageUrl: string;
  specUnit: string;
  marketPrice: number;
  price: number;
  goodsCount: number;
  idisplay: number;
};

export const SPEC_MSG = {
  noDates: "请设置日期",
  noTimes: "请设置服务时段",
  noSource: "请选择待复制日期",
  noTarget: "请选择目标日期",
  noneToSave: "必须设置一个或以上的规格。",
  noName: "规格名称不能为空。",
  nameTooLong: "规格名称不能超过15个字",
  tooEarly: "日期不能早于昨天",
  timeOrder: "服务结束时间必须晚于开始时间",
  dateOrder: "结束日期不能早于开始日期",
  tooManyDays: "一次最多生成366天的规格",
  sameDay: "目标日期不能与待复制日期相同",
  nothingToCopy: "待复制日期没有规格",
  noTemplate: "请选择同步的模板规格",
} as const;

/** The longest general spec name (R415 hint). */
export const SPEC_NAME_MAX = 15;
/** One single-config run makes at most a year of days. */
export const MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Days are counted on UTC midnights of the written date: no zone enters a date-only sum. */
const dayNumber = (date: string): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
const dateOfNumber = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const addDays = (date: string, days: number): string => dateOfNumber(dayNumber(date) + days);
const isDate = (s: string | undefined): s is string => !!s && DATE_RE.test(s) && dateOfNumber(dayNumber(s)) === s;
const clock = (s: string): string => (s.length === 5 ? `${s}:00` : s);

export const dateOf = (dateTime: string): string => dateTime.slice(0, 10);
export const clockOf = (dateTime: string): string => dateTime.slice(11, 19);
export const slotKey = (s: Pick<SlotSpec, "startTime" | "endTime">): string => `${s.startTime}|${s.endTime}`;
const clockKey = (s: Pick<SlotSpec, "startTime" | "endTime">): string => `${clockOf(s.startTime)}|${clockOf(s.endTime)}`;

/** R413: the earliest selectable day is yesterday (of `today`, a business date). */
export const earliestDate = (today: string): string => addDays(today, -1);
export const selectable = (date: string, today: string): boolean => isDate(date) && date >= earliestDate(today);

/** R418: sorted by start time, then end time; equal slots keep their order. */
export const sortSlots = <S extends Pick<SlotSpec, "startTime" | "endTime">>(specs: readonly S[]): S[] =>
  [...specs].sort((a, b) => (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : a.endTime < b.endTime ? -1 : a.endTime > b.endTime ? 1 : 0));

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };
const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

export type SingleConfig = {
  /** Date range, inclusive (R416). */
  startDate?: string;
  endDate?: string;
  /** Time range "HH:mm" or "HH:mm:ss" (R410). */
  startClock?: string;
  endClock?: string;
  specName?: string;
  /** Blank is 0 (R418). */
  goodsCount?: number;
  marketPrice?: number;
  price?: number;
};

/**
 * Single config (R409, R410, R416–R418): one spec per day of the range, inclusive, at the time
 * range; a day that already has a spec with the same start and end is skipped (its stock and
 * orders are left alone). New specs are enabled, blank numbers 0; the result is every spec sorted.
 */
export function singleConfig(existing: readonly SlotSpec[], c: SingleConfig, today: string): Result<SlotSpec[]> {
  if (!c.startDate || !c.endDate) return fail(SPEC_MSG.noDates);
  if (!c.startClock || !c.endClock) return fail(SPEC_MSG.noTimes);
  if (!isDate(c.startDate) || !isDate(c.endDate)) return fail(SPEC_MSG.noDates);
  if (!CLOCK_RE.test(c.startClock) || !CLOCK_RE.test(c.endClock)) return fail(SPEC_MSG.noTimes);
  if (c.endDate < c.startDate) return fail(SPEC_MSG.dateOrder);
  if (!selectable(c.startDate, today)) return fail(SPEC_MSG.tooEarly);
  const from = clock(c.startClock);
  const to = clock(c.endClock);
  if (to <= from) return fail(SPEC_MSG.timeOrder);
  const days = dayNumber(c.endDate) - dayNumber(c.startDate) + 1;
  if (days > MAX_DAYS) return fail(SPEC_MSG.tooManyDays);
  const taken = new Set(existing.map(slotKey));
  const made: SlotSpec[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(c.startDate, i);
    const spec: SlotSpec = {
      id: 0,
      specName: c.specName?.trim() || `${date} ${from.slice(0, 5)}-${to.slice(0, 5)}`,
      startTime: `${date} ${from}`,
      endTime: `${date} ${to}`,
      marketPrice: c.marketPrice ?? 0,
      price: c.price ?? 0,
      goodsCount: c.goodsCount ?? 0,
      idisplay: 1,
    };
    if (!taken.has(slotKey(spec))) made.push(spec);
  }
  return { ok: true, value: sortSlots([...existing, ...made]) };
}

/**
 * Copy config (R411, R412, R419): every slot of the source day onto the target day, at the same
 * clock times with the same name pattern, stock and prices. A target slot that already exists is
 * replaced by the copy — in place, keeping its id, so its orders stay with it and the save checks
 * the new stock against what it has sold. Other target slots stay.
 */
export function copyConfig(existing: readonly SlotSpec[], fromDate: string | undefined, toDate: string | undefined, today: string): Result<SlotSpec[]> {
  if (!fromDate || !isDate(fromDate)) return fail(SPEC_MSG.noSource);
  if (!toDate || !isDate(toDate)) return fail(SPEC_MSG.noTarget);
  if (!selectable(toDate, today)) return fail(SPEC_MSG.tooEarly);
  if (fromDate === toDate) return fail(SPEC_MSG.sameDay);
  const source = existing.filter((s) => dateOf(s.startTime) === fromDate);
  if (!source.length) return fail(SPEC_MSG.nothingToCopy);
  const onTarget = new Map(existing.filter((s) => dateOf(s.startTime) === toDate).map((s) => [slotKey(s), s] as const));
  const copies = new Map<string, SlotSpec>();
  for (const s of source) {
    const startTime = `${toDate} ${clockOf(s.startTime)}`;
    const endTime = `${toDate}${s.endTime.slice(10)}`;
    const key = `${startTime}|${endTime}`;
    const replaced = onTarget.get(key);
    copies.set(key, { ...s, id: replaced?.id ?? 0, specName: s.specName.split(fromDate).join(toDate), startTime, endTime });
  }
  const kept = existing.filter((s) => !copies.has(slotKey(s)));
  return { ok: true, value: sortSlots([...kept, ...copies.values()]) };
}

/**
 * Sync config (docs/gaps.md §9 default, our rule): the template spec's stock, market price, sale price
 * and enabled flag are copied to every later spec (a later day) with the same clock times. Earlier
 * days, other slots and names are left alone; nothing is added or removed.
 */
export function syncConfig(existing: readonly SlotSpec[], template: Pick<SlotSpec, "startTime" | "endTime"> | undefined): Result<SlotSpec[]> {
  const t = template && existing.find((s) => slotKey(s) === slotKey(template));
  if (!t) return fail(SPEC_MSG.noTemplate);
  const clocks = clockKey(t);
  const day = dateOf(t.startTime);
  return {
    ok: true,
    value: sortSlots(
      existing.map((s) =>
        clockKey(s) === clocks && dateOf(s.startTime) > day ? { ...s, goodsCount: t.goodsCount, marketPrice: t.marketPrice, price: t.price, idisplay: t.idisplay } : s,
      ),
    ),
  };
}

/** R420: a new general row. */
export const newGeneralSpec = (): GeneralSpec => ({ id: 0, specName: "", imageUrl: "", specUnit: "", marketPrice: 0, price: 0, goodsCount: 0, idisplay: 1 });

/** R421: bulk-set one column of every row. */
export const bulkSet = <S extends { goodsCount: number; marketPrice: number; price: number }>(
  rows: readonly S[],
  field: "goodsCount" | "marketPrice" | "price",
  value: number,
): S[] => rows.map((r) => ({ ...r, [field]: value }));

/** R414, R415: what the modal checks before sending (the server checks the same). */
export function checkBeforeSave(rows: ReadonlyArray<{ specName: string }>, general: boolean): string | null {
  if (!rows.length) return SPEC_MSG.noneToSave;
  if (general) {
    if (rows.some((r) => !r.specName.trim())) return SPEC_MSG.noName;
    if (rows.some((r) => r.specName.trim().length > SPEC_NAME_MAX)) return SPEC_MSG.nameTooLong;
  }
  return null;
}
