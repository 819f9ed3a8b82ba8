import type { Impls } from "../http/app.ts";
import type { routes } from "./routes.ts";
import { ok } from "@xiangyu/core/kernel/envelope";
import { deletePurchase, listPurchases, purchaseView, savePurchase, visiblePurchase } from "@xiangyu/core/vouchers/purchases";
import { giftView, listGifts, reviewGift, revokeGift, saveGift } from "@xiangyu/core/vouchers/gifts";
import { exchangeView, exchangeWeeks, listExchanges } from "@xiangyu/core/vouchers/exchanges";
import { MSG, REVIEW } from "@xiangyu/core/vouchers/rules";

/** Room-voucher purchases, gift vouchers and room-voucher exchange (docs/vouchers.md). */
export const voucherImpls: Impls<typeof routes> = {
  "GET /xiangyu/api/hotel/product/ticketbuylist": async ({ caller, input }) => listPurchases(caller, input.paging, { status: input.status, clientId: input.clientId }),
  "GET /xiangyu/api/hotel/product/ticketbuyview": async ({ caller, input }) => ok(purchaseView(await visiblePurchase(caller, input.id))),
  "POST /xiangyu/api/hotel/product/ticketbuysave": async ({ caller, input, actedOn }) => {
    const saved = await savePurchase(caller, input);
    actedOn(saved.id);
    return ok(purchaseView(saved), "保存成功");
  },
  "POST /xiangyu/api/hotel/product/ticketbuydelete": async ({ caller, input, actedOn }) => {
    const id = await deletePurchase(caller, input.id);
    actedOn(id);
    return ok({ id }, "删除成功");
  },
  "GET /xiangyu/api/order/hotelticket/list": async ({ caller, input }) =>
    input.exchangeType === "gift"
      ? listGifts(caller, input.paging, { clientId: input.clientId, status: input.status })
      : listExchanges(caller, input.paging, { clientId: input.clientId }),
  "POST /xiangyu/api/order/hotelticket/giftticketsave": async ({ caller, input, actedOn }) => {
    const b = await saveGift(caller, input);
    actedOn(b.batchNo);
    return ok(giftView(b), MSG.gifted);
  },
  "POST /xiangyu/api/order/hotelticket/passed": async ({ caller, input, actedOn }) => {
    const b = await reviewGift(caller, input);
    actedOn(b.batchNo);
    return ok({ id: b.id, batchNo: b.batchNo }, input.status === REVIEW.passed ? "审核成功" : "审核不通过，已删除");
  },
  "POST /xiangyu/api/order/hotelticket/revoke": async ({ caller, input, actedOn }) => {
    const { batch, revoked } = await revokeGift(caller, input.batchNo);
    actedOn(batch.batchNo);
    return ok({ id: batch.id, batchNo: batch.batchNo, revoked }, "撤销成功");
  },
  "POST /xiangyu/api/order/hotelticket/exchange": async ({ caller, input, actedOn }) => {
    const x = await exchangeWeeks(caller, input);
    actedOn(x.id);
    return ok(exchangeView(x), MSG.exchanged);
  },
};
