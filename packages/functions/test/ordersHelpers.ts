import { testTenant, type tenantHandle } from "./harness.ts";
import { as, newClient, newProduct } from "./clientsHelpers.ts";
import { bindMiniProgramUser } from "@xiangyu/core/clients/service";
import { addWeeksNow } from "@xiangyu/core/clients/ledger/ledger";
import { issueVouchersNow, type NewVoucherBatch } from "@xiangyu/core/vouchers/ledger/ledger";
import { addDays, dayOfWeek } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";

/** Function ids (core/src/platform/standardMenu.ts). */
export const FN = { orders: 1701, club: 1702, discount: 1703, proxy: 1704, clubHotels: 1601, discountHotels: 1602 } as const;

export const ORDERS = "/xiangyu/api/order/manage";

/** The first Monday at least `weeksAhead` weeks from today: stays start on known weekdays. */
/**
 * The days a test world's rooms are open from today. A test books whole weeks after `monday()`,
 * which is 14–20 days ahead by the weekday, up to its seventh week (memberPay.test.ts): with 60 days
 * that last week fell past the rooms from Tuesday to Friday.
 */
const DAYS_OPEN = 90;

export function monday(weeksAhead = 2): string {
  let d = addDays(today(), 7 * weeksAhead);
  while (dayOfWeek(d) !== 1) d = addDays(d, 1);
  return d;
}

type Form = Record<string, string | number>;

export type World = Awaited<ReturnType<typeof orderWorld>>;

/**
 * A tenant with a club hotel and a discount hotel (one room type each, `rooms` rooms a night for
 * `DAYS_OPEN` days from today; the discount room costs 300 on weekdays and 500 on weekend nights),
 * and a helper to make clients bound to the mini-program with stored weeks and vouchers.
 */
export async function orderWorld(
  rooms = 5,
  given?: { tenant?: Awaited<ReturnType<typeof tenantHandle>>; /** prefixed to hotel and client names */ label?: string; shop?: string },
) {
  const t = given?.tenant ?? (await testTenant());
  const label = given?.label ?? "";
  const admin = (fn: number = FN.orders) => as(t.adminToken, fn);

  async function hotel(hotelType: 1 | 2, hotelName: string) {
    const fid = hotelType === 1 ? FN.clubHotels : FN.discountHotels;
    const h = await admin(fid).post("/xiangyu/api/hotel/hotelsave", {
      hotelType,
      hotelName,
      address: `${hotelName}地址`,
      memberLevel: "1",
      ...(hotelType === 2 ? { useTicket: 1 } : {}),
    });
    if (h.body.code !== "200") throw new Error(JSON.stringify(h.body));
    const r = await admin(fid).post("/xiangyu/api/hotel/roomsave", { hotelId: h.body.data.id, roomName: "大床房" });
    const statusList = Array.from({ length: DAYS_OPEN }, (_, i) => {
      const inDate = addDays(today(), i);
      const weekend = [0, 5, 6].includes(dayOfWeek(inDate));
      return { inDate, roomCount: rooms, inPrice: hotelType === 2 ? (weekend ? 500 : 300) : 0 };
    });
    const s = await admin(hotelType === 1 ? 1603 : 1604).post("/xiangyu/api/hotel/roomstatussave", { id: r.body.data.id, statusList: JSON.stringify(statusList) });
    if (s.body.code !== "200") throw new Error(JSON.stringify(s.body));
    return { id: h.body.data.id as number, roomId: r.body.data.id as number };
  }

  const [clubHotel, discountHotel, weeks] = await Promise.all([hotel(1, `${label}会员度假酒店`), hotel(2, `${label}折扣商务酒店`), newProduct(t as any)]);

  /** A client bound to the mini-program with `weeks` stored weeks and the given voucher batches. */
  async function member(o: { weeks?: number; vouchers?: NewVoucherBatch[]; bound?: boolean } = {}) {
    const c = await newClient(t as any, { clientName: `${label}订房客户`, status: 2, ...(given?.shop ? { shop: given.shop } : {}) });
    if (o.bound !== false) await bindMiniProgramUser(t.clientId, c.id, `wx-${c.id}`);
    if (o.weeks) await addWeeksNow({ tenantId: t.clientId, clientId: c.id, productTypeId: weeks.type.id }, { weeks: o.weeks, shipDuration: "2030-12-31" });
    const batches: string[] = [];
    for (const b of o.vouchers ?? []) batches.push((await issueVouchersNow({ tenantId: t.clientId, clientId: c.id }, b)).batchNo);
    return { id: c.id as number, batches };
  }

  const book = (form: Form, token = t.adminToken, fn: number = FN.proxy) => as(token, fn).post("/xiangyu/api/order/createhotelorder", form);
  const clubStay = (clientId: number, checkInDate: string, checkOutDate: string, roomCount = 1, more: Form = {}) =>
    book({ clientId, hotelId: clubHotel.id, roomId: clubHotel.roomId, hotelType: 1, checkInDate, checkOutDate, roomCount, ...more });
  const discountStay = (clientId: number, checkInDate: string, checkOutDate: string, roomCount = 1, more: Form = {}) =>
    book({ clientId, hotelId: discountHotel.id, roomId: discountHotel.roomId, hotelType: 2, checkInDate, checkOutDate, roomCount, ...more });

  const view = async (orderId: number) => (await admin().get(`${ORDERS}/view`, { orderId })).body;
  const store = async (clientId: number, hotelId = clubHotel.id) => (await admin().get("/xiangyu/api/client/memberstore", { clientId, hotelId })).body;
  const free = async (hotelId: number, roomId: number, checkInDate: string, checkOutDate: string) => {
    const r = await admin().get("/xiangyu/api/hotel/app/rooms", { hotelId, checkInDate, checkOutDate });
    return (r.body.dataList as any[]).find((x) => x.id === roomId).nights.map((n: any) => n.freeCount) as number[];
  };
  const handle = (orderId: number, currentCtrl: number, status: number, token = t.adminToken, fn: number = FN.orders) =>
    as(token, fn).post(`${ORDERS}/handle`, { orderId, currentCtrl, status, handleResult: "办理说明" });

  return { t, as, admin, clubHotel, discountHotel, weeksType: weeks.type, member, book, clubStay, discountStay, view, store, free, handle };
}
