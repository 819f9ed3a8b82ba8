import { HotelOrder, OrderTally, type HotelOrderItem } from "@xiangyu/core/orders/entities";
import { addDays } from "@xiangyu/core/hotels/nights";
import { pool } from "./timing.ts";
import { BATCH, putBatch } from "./batchWrite.ts";

/**
 * The orders bench's dataset: hotel orders spread over the demo stores, both categories and the
 * statuses staff see most. Placing 300,000 bookings through the service would take hours on DynamoDB
 * Local (every one writes its nights, weeks and tallies), so the seed writes the order items as
 * core's own `HotelOrder.put` builds them, 25 to a batch, and the list tallies once per bucket.
 */
const IN_FLIGHT = 16;

/** Most orders are finished; a steady share waits for staff. */
const STATUS_MIX: Array<[number, number]> = [
  [6, 40],
  [4, 20],
  [1, 10],
  [10, 10],
  [8, 8],
  [9, 7],
  [7, 5],
];

export type OrderSeed = { total: number; buckets: Map<string, number>; shops: string[] };

/** A well-mixed hash of the order number: category, store and status must not move in step. */
const mix = (i: number): number => Math.imul(i ^ (i >>> 16), 0x45d9f3b) >>> 0;

function statusOf(i: number): number {
  const r = (mix(i) >>> 8) % 100;
  let acc = 0;
  for (const [s, w] of STATUS_MIX) if (r < (acc += w)) return s;
  return 6;
}

function orderItem(tenantId: string, id: number, shop: string, status: number): HotelOrderItem {
  const club = (mix(id) & 1) === 0;
  const day = addDays("2025-01-01", id % 600);
  return {
    tenantId,
    id,
    checkinType: club ? "club" : "discount",
    orderName: club ? "三亚湾会员度假酒店 海景大床房" : "广州天河商务酒店 商务双床房",
    picJson: "",
    status,
    payType: club ? 2 : 1,
    priceFen: club ? 0 : 59_800,
    fullPriceFen: club ? 0 : 59_800,
    discountFen: 0,
    deductionWeeks: 0,
    weekstartCount: club ? 2 : 0,
    weekendCount: 0,
    deductionWeeksFristHalt: club ? 2 : 0,
    deductionWeeksSecondHalt: 0,
    productTypeId: club ? 1 : 0,
    weekTakes: "",
    ticketClassCountJson: "{}",
    ticketClass1Count: "",
    voucherTakes: "",
    ticketCount: 0,
    hotelId: 1 + (id % 40),
    hotelName: club ? "三亚湾会员度假酒店" : "广州天河商务酒店",
    hotelType: club ? 1 : 2,
    roomId: 1 + (id % 200),
    roomName: club ? "海景大床房" : "商务双床房",
    checkinRoomCount: 1,
    checkinDays: 2,
    checkinStartdate: day,
    checkinEnddate: addDays(day, 2),
    nightsJson: "",
    holding: 0,
    clientId: 1 + (id % 50_000),
    clientName: `客户${id % 50_000}`,
    clientMobile: `138${String(id % 100_000_000).padStart(8, "0")}`,
    globalId: "",
    shop,
    checkInClientJson: "[]",
    remark: "",
    bookingRemark: "",
    bookingTime: `${day} 10:00:00`,
    orderTime: `${day} 10:00:00`,
    payTime: "",
    outTradeNo: "",
    handleResult: "",
    handleTime: "",
    handleUser: "",
    cancelTime: "",
    completeTime: "",
    refundTime: "",
    refundReason: "",
    refundHandleTime: "",
    refundHandleResult: "",
    proxyCancel: 0,
    refundJson: "",
    rsId: 0,
    createUser: 0,
    createUserName: "",
    createTime: `${day} 10:00:00`,
    rev: 0,
  };
}

/**
 * Writes orders `from` + 1 … `total` (a later call with `from` = the earlier total grows the same
 * tenant, for the scale curve); the buckets counted are those of the orders written by this call.
 */
export async function seedOrders(tenantId: string, shops: string[], total: number, log: (s: string) => void, from = 0): Promise<OrderSeed> {
  const buckets = new Map<string, number>();
  const batches = Math.ceil((total - from) / BATCH);
  let done = 0;
  await pool(batches, IN_FLIGHT, async (b) => {
    const items: Record<string, unknown>[] = [];
    for (let i = from + b * BATCH + 1; i <= Math.min(total, from + (b + 1) * BATCH); i++) {
      const o = orderItem(tenantId, i, shops[(mix(i) >>> 1) % shops.length]!, statusOf(i));
      const key = `${o.checkinType}|${o.shop}|${o.status}`;
      buckets.set(key, (buckets.get(key) ?? 0) + 1);
      items.push(HotelOrder.put(o).params().Item);
    }
    await putBatch(items, "orders seed", 8);
    if (++done % 2000 === 0) log(`orders seed: ${(done * BATCH).toLocaleString("en")} of ${total.toLocaleString("en")}`);
  });
  for (const [key, n] of buckets) {
    const [checkinType, shop, status] = key.split("|");
    await OrderTally.upsert({ tenantId, list: "order", checkinType: checkinType!, shop: shop!, status: Number(status) })
      .add({ n })
      .go();
  }
  return { total, buckets, shops };
}
