import type { Impl } from "../http/app.ts";
import { parse, optionalFilter, type Input } from "../http/input.ts";
import { readPaging, pageParams } from "@xiangyu/core/kernel/paging";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { DomainError } from "@xiangyu/core/kernel/errors";
import { listOrders, type OrderFilter } from "@xiangyu/core/orders/list";
import { createHotelOrder } from "@xiangyu/core/orders/create";
import { handleOrder, proxyCancel, saveFollowup, deleteOrder, deleteProxyOrder, visibleOrder, lettersOf } from "@xiangyu/core/orders/handle";
import { HANDLE_OK } from "@xiangyu/core/orders/status";
import { MSG, HOTEL_CLUB } from "@xiangyu/core/orders/booking";
import { orderDetail, orderRow, proxyRow } from "@xiangyu/core/orders/views";
import { memberStore } from "@xiangyu/core/orders/memberStore";
import { CreateOrderInput, FollowupInput, HandleInput, MemberStoreInput, OrderIdInput, ProxyCancelInput, RsIdInput } from "@xiangyu/core/orders/schemas";
import { getHotel } from "@xiangyu/core/hotels/hotelQueries";
import { addDays } from "@xiangyu/core/hotels/nights";
import { fenToYuan } from "@xiangyu/core/kernel/money";
import type { Caller } from "@xiangyu/core/kernel/context";

const CATEGORIES = ["club", "rci", "discount", "product"];

function filterOf(input: Input): OrderFilter {
  const checkinType = String(input.checkinType ?? "").trim();
  if (checkinType && !CATEGORIES.includes(checkinType)) throw new DomainError("订单类型不正确", "400");
  return {
    shop: String(input.shop ?? "").trim() || undefined,
    status: optionalFilter(input.orderStatus ?? input.status, "订单状态不正确"),
    checkinType: checkinType || undefined,
  };
}

async function storeOf(caller: Caller, input: Input) {
  const q = parse(MemberStoreInput, input);
  const hotel = q.hotelId ? await getHotel(caller.tenantId, q.hotelId) : null;
  const lastNight = q.checkOutDate ? addDays(q.checkOutDate, -1) : q.checkInDate;
  return memberStore(caller, { clientId: q.clientId, hotelId: q.hotelId, lastNight, needsWeeks: hotel?.hotelType === HOTEL_CLUB });
}

export const orderImpls: Record<string, Impl> = {
  "GET /xiangyu/api/order/manage/list": async ({ caller, input }) => {
    const p = readPaging(input);
    const page = await listOrders(caller, "order", p, filterOf(input));
    return okList(page.rows.map(orderRow), pageParams(p, page.total));
  },
  "GET /xiangyu/api/order/manage/view": async ({ caller, input }) => {
    const { orderId } = parse(OrderIdInput, { orderId: input.orderId ?? input.id });
    return ok(await orderDetail(await visibleOrder(caller, orderId), lettersOf(caller)));
  },
  "POST /xiangyu/api/order/manage/handle": async ({ caller, input }) => {
    await handleOrder(caller, parse(HandleInput, input));
    return ok({ id: Number(input.orderId) }, HANDLE_OK);
  },
  "POST /xiangyu/api/order/manage/followupsave": async ({ caller, input }) => {
    await saveFollowup(caller, parse(FollowupInput, input));
    return ok({ id: Number(input.orderId) }, "保存成功");
  },
  "POST /xiangyu/api/order/manage/proxycancel": async ({ caller, input }) => {
    await proxyCancel(caller, parse(ProxyCancelInput, input));
    return ok({ id: Number(input.orderId) }, HANDLE_OK);
  },
  "POST /xiangyu/api/order/manage/delete": async ({ caller, input }) => {
    const { orderId } = parse(OrderIdInput, input);
    await deleteOrder(caller, orderId);
    return ok({ id: orderId }, "删除成功");
  },
  "POST /xiangyu/api/order/createhotelorder": async ({ caller, input }) => {
    const created = await createHotelOrder(caller, parse(CreateOrderInput, input));
    return ok({ id: created.id, totalPrice: fenToYuan(created.booking.totalPriceFen) }, MSG.success);
  },
  "GET /xiangyu/api/order/reservationservice/list": async ({ caller, input }) => {
    const p = readPaging(input);
    const page = await listOrders(caller, "proxy", p, filterOf(input));
    return okList(page.rows.map(proxyRow), pageParams(p, page.total));
  },
  "POST /xiangyu/api/order/reservationservice/delete": async ({ caller, input }) => {
    const { rsId } = parse(RsIdInput, input);
    await deleteProxyOrder(caller, rsId);
    return ok({ id: rsId }, "删除成功");
  },
  "GET /xiangyu/api/client/memberstore": async ({ caller, input }) => ok(await storeOf(caller, input)),
};
