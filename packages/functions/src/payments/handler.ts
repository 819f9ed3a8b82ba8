import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { ok } from "@xiangyu/core/kernel/envelope";
import { DomainError } from "@xiangyu/core/kernel/errors";
import { receivePaymentNotice } from "@xiangyu/core/vouchers/payments";
// The sandbox's trade number comes with its notice: orders/payments would bring the hotel orders' entities and push.
import { sandboxNotice, sandboxTradeNo } from "@xiangyu/core/orders/payNotice";

/** The answer a payment provider reads (WeChat Pay v3's shape): the status decides whether it sends the notice again. */
const providerAck = (status: number, code: "SUCCESS" | "FAIL", message: string) =>
  new Response(JSON.stringify({ code, message }), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });

/** The provider's notice and the sandbox's payment (routes.ts). */
const impls: Impls<typeof routes> = {
  "POST /xiangyu/api/pay/sandbox/pay": async ({ caller, input, actedOn }) => {
    // The sandbox provider signs its notice and it is received as the provider's would be.
    const notice = await sandboxNotice(caller.tenantId, { outTradeNo: input.outTradeNo, amountFen: input.totalFee, tradeNo: input.tradeNo || sandboxTradeNo(input.outTradeNo) });
    const completed = await receivePaymentNotice(caller.tenantId, notice);
    actedOn(input.outTradeNo);
    return ok({ completed }, completed ? "支付成功" : "该单已完成购买");
  },
  "POST /xiangyu/api/pay/notify/{tenant}": async ({ input }) => {
    try {
      const completed = await receivePaymentNotice(input.tenant, input);
      return providerAck(200, "SUCCESS", completed ? "成功" : "已处理");
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      // The provider retries what is not acknowledged: a refusal it can do nothing about keeps its
      // 4xx, anything else (a lost write race) is a 500 so the notice comes again.
      return providerAck(["400", "401", "404"].includes(e.code) ? Number(e.code) : 500, "FAIL", e.desc);
    }
  },
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
