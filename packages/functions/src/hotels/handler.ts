import { areaApp, lambda, type Impls } from "../http/app.ts";
import { scopeOf } from "./scope.ts";
import { routes } from "./routes.ts";
import { listHotels, viewHotel, saveHotel, deleteHotels, toggleHotel, hotelOptions } from "@xiangyu/core/hotels/hotels";
import { listRooms, viewRoom, saveRoom, deleteRooms, toggleRoom } from "@xiangyu/core/hotels/rooms";
import { occupancyByType } from "@xiangyu/core/hotels/occupancyRollup";
import { ok, okList } from "@xiangyu/core/kernel/envelope";

/**
 * The hotels area's handlers: each receives its route's parsed input (routes.ts) and answers its
 * declared reply. The worked example of docs/decisions.md "How a new area is written". A hotel's
 * days are hotelDays/handler.ts; both take the screen's scope from scope.ts.
 */
const impls: Impls<typeof routes> = {
  "POST /xiangyu/api/hotel/hotellist": async (ctx) => listHotels(await scopeOf(ctx), ctx.input.paging, { hotelType: ctx.input.hotelType, keyword: ctx.input.paging.keyword }),
  "GET /xiangyu/api/hotel/hotelview": async (ctx) => ok(await viewHotel(await scopeOf(ctx), ctx.input.id)),
  "POST /xiangyu/api/hotel/hotelsave": async (ctx) => ok(await saveHotel(await scopeOf(ctx), ctx.input), "保存成功"),
  "POST /xiangyu/api/hotel/hoteldelete": async (ctx) => {
    ctx.actedOn(await deleteHotels(await scopeOf(ctx), ctx.input.ids));
    return ok(undefined, "删除成功");
  },
  "POST /xiangyu/api/hotel/hotelpassed": async (ctx) => ok(await toggleHotel(await scopeOf(ctx), ctx.input.id), "操作成功"),
  "GET /xiangyu/api/hotel/allhotel": async ({ caller, input }) => okList(await hotelOptions(caller.tenantId, input.hotelType)),
  "GET /xiangyu/api/hotel/occupancy": async (ctx) => ok(await occupancyByType(await scopeOf(ctx), ctx.input)),

  "GET /xiangyu/api/hotel/roomlist": async (ctx) => okList(await listRooms(await scopeOf(ctx), ctx.input.hotelId)),
  "GET /xiangyu/api/hotel/roomview": async (ctx) => ok(await viewRoom(await scopeOf(ctx), ctx.input.id)),
  "POST /xiangyu/api/hotel/roomsave": async (ctx) => ok(await saveRoom(await scopeOf(ctx), ctx.input), "保存成功"),
  "POST /xiangyu/api/hotel/roomdelete": async (ctx) => {
    ctx.actedOn(await deleteRooms(await scopeOf(ctx), ctx.input.ids));
    return ok(undefined, "删除成功");
  },
  "POST /xiangyu/api/hotel/roompassed": async (ctx) => ok(await toggleRoom(await scopeOf(ctx), ctx.input.id), "操作成功"),
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
