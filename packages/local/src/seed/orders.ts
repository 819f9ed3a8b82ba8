import { Client } from "@xiangyu/core/clients/entities";
import { Hotel } from "@xiangyu/core/hotels/entities";
import { roomsOf } from "@xiangyu/core/hotels/hotelQueries";
import { addDays } from "@xiangyu/core/hotels/nights";
import { createHotelOrder } from "@xiangyu/core/orders/create";
import { handleOrder, proxyCancel } from "@xiangyu/core/orders/handle";
import { weeksAccountOf } from "@xiangyu/core/orders/memberStore";
import { HotelOrder } from "@xiangyu/core/orders/entities";
import { CTRL } from "@xiangyu/core/orders/status";
import { today } from "@xiangyu/core/kernel/clock";
import { headOffice, type Caller } from "@xiangyu/core/kernel/context";
import type { CreateOrderInput, HandleInput } from "@xiangyu/core/orders/schemas";
import { since } from "./progress.ts";

/**
 * Demo hotel orders, placed and handled through the same services staff use (so rooms, weeks and
 * vouchers move as they would): club bookings paid with weeks and discount bookings paid in money,
 * in every status the handling can reach. A no-op when the tenant has orders.
 */
const ALL_RIGHTS = "ADEPRS";

/** The seed acts as the demo administrator on the order screens (menu 1701, 1704). */
const seedCaller = (tenantId: string): Caller =>
  headOffice(tenantId, { userId: 1, username: "admin", realname: "管理员", sessionId: "seed", rights: { 1701: ALL_RIGHTS, 1704: ALL_RIGHTS }, functionId: 1704 });

/** What happens to the n-th order after it is placed: the statuses a demo should show. */
async function handleDemo(caller: Caller, orderId: number, n: number): Promise<void> {
  const step = (currentCtrl: HandleInput["currentCtrl"], status: HandleInput["status"], handleResult = "") => handleOrder(caller, { orderId, currentCtrl, status, handleResult });
  switch (n % 6) {
    case 1:
      return step(CTRL.review, 1, "已与酒店确认");
    case 2:
      await step(CTRL.review, 1, "已与酒店确认");
      return step(CTRL.complete, 1);
    case 3:
      return step(CTRL.review, 2, "酒店满房");
    case 4:
      await step(CTRL.review, 1, "已与酒店确认");
      return proxyCancel(caller, { orderId, refundReason: "客户行程有变" });
    case 5:
      await step(CTRL.review, 1, "已与酒店确认");
      await proxyCancel(caller, { orderId, refundReason: "客户临时取消" });
      return step(CTRL.refund, 1, "同意退订");
  }
}

export async function seedOrders(tenantId: string, log: (s: string) => void = () => undefined): Promise<number> {
  if ((await HotelOrder.query.byId({ tenantId }).go({ limit: 1 })).data.length > 0) return 0;
  const t0 = Date.now();
  const caller = seedCaller(tenantId);
  const members = (await Client.query.byStatus({ tenantId, status: 2 }).go({ pages: "all" })).data.filter((c) => c.globalId);
  const withWeeks: number[] = [];
  for (const c of members) if (withWeeks.length < 8 && ((await weeksAccountOf(tenantId, c.id))?.remainingCount ?? 0) >= 2) withWeeks.push(c.id);
  const hotels = async (hotelType: number) => {
    const list = (await Hotel.query.byType({ tenantId, hotelType }).go({ pages: "all" })).data.filter((h) => h.idisplay === 1);
    return Promise.all(list.slice(0, 3).map(async (h) => ({ hotel: h, room: (await roomsOf(tenantId, h.id)).find((r) => r.idisplay === 1) })));
  };
  const club = (await hotels(1)).filter((x) => x.room);
  const discount = (await hotels(2)).filter((x) => x.room);
  let placed = 0;
  for (let n = 0; n < 18; n++) {
    const isClub = n % 2 === 0;
    const pick = isClub ? club[n % Math.max(1, club.length)] : discount[n % Math.max(1, discount.length)];
    const clientId = isClub ? withWeeks[n % Math.max(1, withWeeks.length)] : members[(n * 7) % Math.max(1, members.length)]?.id;
    if (!pick?.room || !clientId) continue;
    const checkInDate = addDays(today(), 3 + n * 2);
    const input: CreateOrderInput = {
      clientId,
      hotelId: pick.hotel.id,
      roomId: pick.room.id,
      checkInDate,
      checkOutDate: addDays(checkInDate, 1 + (n % 3)),
      roomCount: 1,
      orderName: "",
      totalPrice: undefined,
      ticketClassCountJson: {},
      ticketClass1Count: "",
      checkInClientJson: [],
      remark: n % 4 === 0 ? "需要无烟房" : "",
    };
    try {
      const { id } = await createHotelOrder(caller, input);
      await handleDemo(caller, id, n);
      placed++;
    } catch (e) {
      log(`orders: demo order ${n} skipped (${(e as Error).message})`);
    }
  }
  log(`orders: ${placed} demo hotel orders (${since(t0)})`);
  return placed;
}
