import * as v from "valibot";
import {
  dateField,
  maybeId,
  idField,
  idsField,
  intChoice,
  maybeChoice,
  maybeDate,
  maybeInt,
  optInt,
  maybeMonth,
  optText,
  rawList,
  requiredInt,
  requiredText,
  BAD_INPUT,
  latField,
  lngField,
  telField,
  optRawText,
  wholeRecord,
} from "../kernel/fields.ts";
import { maybeYuan, yuanField } from "../kernel/money.ts";
import { picturesField } from "../kernel/pictures.ts";
import { listQuery } from "../kernel/paging.ts";
import { daysBetween } from "./nights.ts";

/**
 * The forms of the hotels area (spec 000 §5, rules R070–R121), shared by the server and the
 * console. Fields arrive form-encoded (strings) or as JSON (numbers); every field tolerates a
 * missing key so that its own Chinese message speaks. Money is yuan on the wire, fen out of here.
 */

export const MSG = {
  hotelType: "酒店类型不能为空",
  hotelName: "酒店名称不能为空",
  address: "酒店地址不能为空",
  memberLevel: "未指定会员等级",
  roomName: "名称不能为空",
  roomForm: "部分必填项没填写",
  statusEmpty: "必须设置一个或以上的时间房态。",
  holidayName: "节日名称不能为空",
  holidayNameLength: "节日名称不能超过5个字",
  date: "日期不能为空",
  stayDates: "入离日期不能为空",
} as const;

export const HOTEL_TYPES = { club: 1, discount: 2 } as const;
export type HotelType = 1 | 2;
export const HOTEL_LEVELS = ["无", "二星及以下", "三星", "四星", "五星"] as const;
export { MAX_PICTURES } from "../kernel/pictures.ts";
/** How many days one status save or calendar read may span. */
export const MAX_STATUS_DAYS = 366;
/** Room × day cells one calendar write may set. */
export const MAX_CALENDAR_CELLS = 4000;

/** A 1/0 switch; blank takes the default. */
const flag01 = (fallback: 0 | 1, msg: string) => intChoice([0, 1] as const, msg, fallback);

/** A form's own id: blank or 0 for a new record. */
const optionalId = optInt(0, "数据不完整，请刷新页面重新编辑。");

const year = (msg: string) =>
  v.pipe(
    optText(4, msg),
    v.check((s) => s === "" || (/^\d{4}$/.test(s) && Number(s) >= 1900 && Number(s) <= 2100), msg),
  );

/** Hotel form (R077–R093). Field order is the order messages are reported in. */
export const HotelInput = v.pipe(
  wholeRecord({
    id: optionalId,
    hotelType: intChoice([1, 2] as const, "酒店类型不正确", undefined, MSG.hotelType),
    hotelName: requiredText(MSG.hotelName, 50, "酒店名称不能超过50个字"),
    address: requiredText(MSG.address, 200, "酒店地址不能超过200个字"),
    memberLevel: requiredText(MSG.memberLevel, 50, "会员等级不正确"),
    province: optText(12, "省份不正确"),
    city: optText(12, "城市不正确"),
    area: optText(12, "区县不正确"),
    lat: latField(),
    lng: lngField(),
    hotelLevel: v.pipe(
      optText(10, "酒店星级不正确"),
      v.transform((s) => s || "无"),
      v.picklist(HOTEL_LEVELS, "酒店星级不正确"),
    ),
    openDate: year("开业年份格式不正确"),
    fixDate: year("装修年份格式不正确"),
    roomCount: optInt(0, "客房数量必须是不小于0的整数"),
    tel: telField(),
    services: optText(100, "酒店服务不能超过100个字"),
    cleaningFees: yuanField("清洁费格式不正确"),
    inoutTime: optText(100, "入离时间不能超过100个字"),
    content: optRawText(100_000, "酒店介绍内容过长"),
    picJson: picturesField,
    shop: optText(60, "门店不正确"),
    idisplay: flag01(1, "状态不正确"),
    sortOrder: optInt(9_999_999, "排序必须是不小于0的整数"),
    useTicket: flag01(0, "是否可用房券不正确"),
    franchiseStore: flag01(0, "是否加盟店不正确"),
    bookingNotice: optText(300, "预订须知不能超过300个字"),
    memberPrivilege: optText(200, "会员特权不能超过200个字"),
    bookingInstructions: optText(200, "预订说明不能超过200个字"),
    petPolicy: optText(200, "宠物政策不能超过200个字"),
  }),
  // Cleaning fees belong to club hotels, room vouchers to discount hotels (R080, R081).
  v.transform((h) => ({
    ...h,
    hotelType: h.hotelType as HotelType,
    cleaningFees: h.hotelType === HOTEL_TYPES.club ? h.cleaningFees : 0,
    useTicket: h.hotelType === HOTEL_TYPES.discount ? h.useTicket : 0,
  })),
);
export type HotelInput = v.InferOutput<typeof HotelInput>;

/** Room form (R101–R109). */
export const RoomInput = wholeRecord({
  id: optionalId,
  hotelId: idField(MSG.roomForm),
  roomName: requiredText(MSG.roomName, 50, "名称不能超过50个字"),
  roomArea: optText(20, "面积不能超过20个字"),
  bedSpecifications: optText(50, "床型规格不能超过50个字"),
  // 1 yes, 2 partial, 0 or anything else none (R102).
  hasWindow: v.pipe(
    optInt(1, "窗户选项不正确", -9),
    v.transform((n) => (n === 1 || n === 2 ? n : 0)),
  ),
  banSmoking: flag01(0, "禁烟选项不正确"),
  zaocan: optText(50, "早餐不能超过50个字"),
  network: optText(50, "网络不能超过50个字"),
  roomFacilities: optText(500, "客房设施不能超过500个字"),
  picJson: picturesField,
  idisplay: flag01(1, "状态不正确"),
  sortOrder: optInt(999, "排序必须是不小于0的整数"),
});
export type RoomInput = v.InferOutput<typeof RoomInput>;

/** One day of a room's status as the editor sends it; usedRoomCount is the bookings' and is ignored. */
export const StatusRow = v.object({
  inDate: dateField("日期不能为空"),
  roomCount: v.pipe(requiredInt("房间数不能为空", "房间数必须是不小于0的整数", 0), v.maxValue(9999, "房间数不能超过9999")),
  inPrice: yuanField("房价格式不正确"),
});
export type StatusRow = v.InferOutput<typeof StatusRow>;

/** Room status save: {id, statusList as JSON text} (R112, R113). */
export const RoomStatusInput = v.object({
  id: idField(MSG.roomForm),
  statusList: v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.array(v.unknown())])), ""),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const raw = dataset.value;
      if (raw === undefined || raw === null || (typeof raw === "string" && !raw.trim())) return [] as unknown[];
      if (Array.isArray(raw)) return raw;
      // A year of days fits in far less: a longer text is refused before it is parsed.
      if (raw.length > MAX_STATUS_DAYS * 120) {
        addIssue({ message: `一次最多设置${MAX_STATUS_DAYS}天的房态` });
        return NEVER;
      }
      try {
        const list = JSON.parse(raw);
        if (Array.isArray(list)) return list as unknown[];
      } catch {
        /* reported below */
      }
      addIssue({ message: "房态数据格式不正确" });
      return NEVER;
    }),
    v.minLength(1, MSG.statusEmpty),
    v.maxLength(MAX_STATUS_DAYS, `一次最多设置${MAX_STATUS_DAYS}天的房态`),
    v.array(StatusRow),
    v.check((rows) => new Set(rows.map((r) => r.inDate)).size === rows.length, "房态日期不能重复"),
  ),
});
export type RoomStatusInput = v.InferOutput<typeof RoomStatusInput>;

type Range = { startDate: string; endDate: string };
const inOrder = (r: Range) => r.endDate >= r.startDate;
const withinDays = (max: number) => (r: Range) => daysBetween(r.startDate, r.endDate) < max;
const IN_ORDER = "结束日期不能早于开始日期";
const TOO_LONG = `日期范围不能超过${MAX_STATUS_DAYS}天`;

/** A date range (holiday days of a stay or a month): end on or after start. */
export const DateRangeInput = v.pipe(
  v.object({ startDate: dateField(MSG.date), endDate: dateField(MSG.date) }),
  v.check((r) => inOrder(r), IN_ORDER),
  v.check((r) => withinDays(MAX_STATUS_DAYS)(r), TOO_LONG),
);
export type DateRangeInput = v.InferOutput<typeof DateRangeInput>;

/**
 * Calendar write: chosen rooms × the days of a range falling on chosen ISO weekdays (1 Monday …
 * 7 Sunday; none chosen means every day) get a room count and/or a price.
 */
export const CalendarSetInput = v.pipe(
  v.object({
    hotelId: idField(MSG.roomForm),
    roomIds: idsField("请选择客房"),
    startDate: dateField(MSG.date),
    endDate: dateField(MSG.date),
    weekdays: v.pipe(
      rawList,
      v.transform((x) =>
        (x === undefined || x === null ? [] : Array.isArray(x) ? x : String(x).split(","))
          .slice(0, 8)
          .map((s) => String(s).trim())
          .filter(Boolean)
          .map(Number),
      ),
      v.check((ds) => ds.every((d) => Number.isInteger(d) && d >= 1 && d <= 7), "星期选择不正确"),
      v.transform((ds) => (ds.length ? [...new Set(ds)].sort() : [1, 2, 3, 4, 5, 6, 7])),
    ),
    roomCount: maybeInt("房间数必须是不小于0的整数", 0, 9999),
    inPrice: maybeYuan("房价格式不正确"),
  }),
  v.check((r) => inOrder(r), IN_ORDER),
  v.check((r) => withinDays(MAX_STATUS_DAYS)(r), TOO_LONG),
  v.check((c) => c.roomCount !== undefined || c.inPrice !== undefined, "请填写房间数或房价"),
);
export type CalendarSetInput = v.InferOutput<typeof CalendarSetInput>;

/** Holiday form (R118–R120): name within 5 characters, a date range sent at 00:00:00. */
export const HolidayInput = v.pipe(
  v.object({
    holidayName: requiredText(MSG.holidayName, 5, MSG.holidayNameLength),
    holidayDate: dateField(MSG.date),
    holidayEnddate: dateField(MSG.date),
  }),
  // Reported on the end day, so the form shows it under the dates rather than only '部分必填项没填写',
  // and checked whenever both days are readable, even while the name is still missing.
  v.forward(
    v.partialCheck([["holidayDate"], ["holidayEnddate"]], (h) => h.holidayEnddate >= h.holidayDate, IN_ORDER),
    ["holidayEnddate"],
  ),
);
export type HolidayInput = v.InferOutput<typeof HolidayInput>;

/** A stay: check-in and check-out days (hotel/app/rooms). */
export const StayInput = v.pipe(
  v.object({
    hotelId: idField("酒店不能为空", BAD_INPUT),
    checkInDate: dateField(MSG.stayDates),
    checkOutDate: dateField(MSG.stayDates),
  }),
  v.check((s) => s.checkOutDate > s.checkInDate, "离店日期必须晚于入住日期"),
  v.check((s) => daysBetween(s.checkInDate, s.checkOutDate) <= MAX_STATUS_DAYS, TOO_LONG),
);
export type StayInput = v.InferOutput<typeof StayInput>;

// ── the queries of the hotel routes (docs/decisions.md: how a route declares its input) ──

const HOTEL_TYPE_BAD = "酒店类型不正确";
/** A list's hotel type: 1 or 2; absent or 0 (R071's default) is none, i.e. the function's preset, else all. */
const hotelTypeFilter = v.pipe(
  maybeChoice([0, 1, 2] as const, HOTEL_TYPE_BAD),
  v.transform((t) => (t === 0 ? undefined : t)),
);
/** Hotel and hotel-status lists: the screen's type and a name keyword (R086: sortOrder ascending). */
export const HotelListQuery = listQuery({ hotelType: hotelTypeFilter }, { sort: "sortOrder", order: "asc" });
/** The hotel status list pages by the same order as the hotel list but keeps the caller's paging. */
export const HotelStatusQuery = listQuery({ hotelType: hotelTypeFilter });
/** Hotel options of a picker: one type or all. */
export const HotelOptionsQuery = v.object({ hotelType: hotelTypeFilter });
export const RoomsOfHotelQuery = v.object({ hotelId: idField() });
/** A room's status days; the editor sends the room as roomId (or id). */
export const RoomStatusQuery = v.pipe(
  v.object({ roomId: maybeId(), id: maybeId(), startDate: maybeDate(), endDate: maybeDate() }),
  v.check((q) => (q.roomId ?? q.id) !== undefined, BAD_INPUT),
  v.transform(({ roomId, id, startDate, endDate }) => ({ roomId: (roomId ?? id)!, startDate, endDate })),
);
export const MonthQuery = v.object({
  hotelId: idField(),
  month: maybeMonth("月份格式不正确"),
});
/** The next days' occupancy per hotel type (hotel/occupancy, core/hotels/occupancy.ts): from today, 1–31 days. */
export const OCCUPANCY_DAYS = 30;
export const MAX_OCCUPANCY_DAYS = 31;
export const OccupancyQuery = v.object({
  hotelType: hotelTypeFilter,
  days: v.pipe(
    maybeInt(`天数须为1至${MAX_OCCUPANCY_DAYS}`, 1, MAX_OCCUPANCY_DAYS),
    v.transform((n) => n ?? OCCUPANCY_DAYS),
  ),
});
export type OccupancyQuery = v.InferOutput<typeof OccupancyQuery>;
export const HolidayListQuery = listQuery({});
export const HolidayDeleteInput = v.object({ holidayDate: dateField(MSG.date) });
