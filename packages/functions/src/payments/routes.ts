import { data, moduleRoute, publicRoute, response, type RouteTable } from "../http/define.ts";
import { PaymentNoticeInput, PayNotifyInput } from "@xiangyu/core/vouchers/schemas";

/**
 * Payment of room-voucher purchases and membership purchases: the payment provider's signed notice
 * and the sandbox provider's payment. A Lambda of its own, apart from the voucher screens
 * (vouchers/routes.ts): the notice's checks read the platform's payment channels and WeChat accounts,
 * and completing a membership purchase moves weeks and profit sharing, which together with the
 * voucher screens went over the 300 kB bundle budget (docs/decisions.md). Goods orders take their
 * notice in goodsOrders.
 */
/** The sandbox payment completes room-voucher purchases and membership purchases (/order/productlist, finance and products screens). */
const PAYERS = ["vouchers", "finance", "products"] as const;

export const routes = {
  "POST /xiangyu/api/pay/sandbox/pay": moduleRoute(PAYERS, { right: "A", input: PaymentNoticeInput, reply: data<{ completed: boolean }>(), log: "模拟支付" }),
  /**
   * The payment provider's notice (no session: the provider calls it): a signed notice completes
   * its order once; answered in the provider's own shape `{code: SUCCESS|FAIL, message}` with the
   * HTTP status it reads (401 a bad signature, 400 a wrong amount, 404 an unknown order).
   */
  "POST /xiangyu/api/pay/notify/{tenant}": publicRoute({ input: PayNotifyInput, reply: response(), maxBody: 4096 }),
} satisfies RouteTable;
