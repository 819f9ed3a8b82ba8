import type { Impls } from "../http/app.ts";
import type { routes } from "./routes.ts";
import { pageParams } from "@xiangyu/core/kernel/paging";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { listOrders } from "@xiangyu/core/orders/list";
import { handleOrder, proxyCancel, saveFollowup, deleteOrder, deleteProxyOrder, visibleOrder } from "@xiangyu/core/orders/handle";
import { heldLetters } from "@xiangyu/core/kernel/rights";
import { HANDLE_OK } from "@xiangyu/core/orders/status";
import { orderDetail, orderRow, proxyRow } from "@xiangyu/core/orders/views";

export const orderImpls: Impls<typeof routes> = {
  "GET /xiangyu/api/order/manage/list": async ({ caller, input }) => {
    const { paging, ...filter } = input;
    const page = await listOrders(caller, "order", paging, filter);
    return okList(page.rows.map(orderRow), pageParams(paging, page.total));
  },
  "GET /xiangyu/api/order/manage/view": async ({ caller, input }) => ok(await orderDetail(await visibleOrder(caller, input.orderId), heldLetters(caller))),
  "POST /xiangyu/api/order/manage/handle": async ({ caller, input }) => {
    await handleOrder(caller, input);
    return ok({ id: input.orderId }, HANDLE_OK);
  },
  "POST /xiangyu/api/order/manage/followupsave": async ({ caller, input }) => {
    await saveFollowup(caller, input);
    return ok({ id: input.orderId }, "保存成功");
  },
  "POST /xiangyu/api/order/manage/proxycancel": async ({ caller, input }) => {
    await proxyCancel(caller, input);
    return ok({ id: input.orderId }, HANDLE_OK);
  },
  "POST /xiangyu/api/order/manage/delete": async ({ caller, input, actedOn }) => {
    const deleted = await deleteOrder(caller, input.orderId);
    actedOn(deleted);
    return ok({ id: deleted }, "删除成功");
  },
  "GET /xiangyu/api/order/reservationservice/list": async ({ caller, input }) => {
    const { paging, ...filter } = input;
    const page = await listOrders(caller, "proxy", paging, filter);
    return okList(page.rows.map(proxyRow), pageParams(paging, page.total));
  },
  "POST /xiangyu/api/order/reservationservice/delete": async ({ caller, input, actedOn }) => {
    const deleted = await deleteProxyOrder(caller, input.rsId);
    actedOn(deleted);
    return ok({ id: input.rsId }, "删除成功");
  },
};
