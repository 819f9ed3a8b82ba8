import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { ok } from "@xiangyu/core/kernel/envelope";
import { createHotelOrder } from "@xiangyu/core/orders/create";
import { MSG, HOTEL_CLUB } from "@xiangyu/core/orders/booking";
import { memberStore } from "@xiangyu/core/orders/memberStore";
import type { MemberStoreInput } from "@xiangyu/core/orders/schemas";
import { getHotel } from "@xiangyu/core/hotels/hotelQueries";
import { addDays } from "@xiangyu/core/hotels/nights";
import { fenToYuan } from "@xiangyu/core/kernel/money";
import type { Caller } from "@xiangyu/core/kernel/context";

/** What a client holds for a booking: vouchers valid on the stay's last night; weeks when the hotel is a club hotel. */
async function storeOf(caller: Caller, q: MemberStoreInput) {
  const hotel = q.hotelId ? await getHotel(caller.tenantId, q.hotelId) : null;
  const lastNight = q.checkOutDate ? addDays(q.checkOutDate, -1) : q.checkInDate;
  return memberStore(caller, { clientId: q.clientId, hotelId: q.hotelId, lastNight, needsWeeks: hotel?.hotelType === HOTEL_CLUB });
}

/** The proxy-booking wizard (routes.ts). */
const impls: Impls<typeof routes> = {
  "POST /xiangyu/api/order/createhotelorder": async ({ caller, input }) => {
    const created = await createHotelOrder(caller, input);
    return ok({ id: created.id, totalPrice: fenToYuan(created.booking.totalPriceFen) }, MSG.success);
  },
  "GET /xiangyu/api/client/memberstore": async ({ caller, input }) => ok(await storeOf(caller, input)),
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
