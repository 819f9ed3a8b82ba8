import type { routes as auth } from "./auth/routes.ts";
import type { routes as platform } from "./platform/routes.ts";
import type { routes as tenants } from "./tenants/routes.ts";
import type { routes as platformConfig } from "./platformConfig/routes.ts";
import type { routes as wechat } from "./wechat/routes.ts";
import type { routes as messagePush } from "./messagePush/routes.ts";
import type { routes as org } from "./org/routes.ts";
import type { routes as files } from "./files/routes.ts";
import type { routes as hotels } from "./hotels/routes.ts";
import type { routes as hotelDays } from "./hotelDays/routes.ts";
import type { routes as clients } from "./clients/routes.ts";
import type { routes as clientImport } from "./clientImport/routes.ts";
import type { routes as products } from "./products/routes.ts";
import type { routes as orders } from "./orders/routes.ts";
import type { routes as booking } from "./booking/routes.ts";
import type { routes as users } from "./users/routes.ts";
import type { routes as vouchers } from "./vouchers/routes.ts";
import type { routes as payments } from "./payments/routes.ts";
import type { routes as weeks } from "./weeks/routes.ts";
import type { routes as finance } from "./finance/routes.ts";
import type { routes as splitBill } from "./splitBill/routes.ts";
import type { routes as content } from "./content/routes.ts";
import type { routes as website } from "./website/routes.ts";
import type { routes as workorders } from "./workorders/routes.ts";
import type { routes as lottery } from "./lottery/routes.ts";
import type { routes as goods } from "./goods/routes.ts";
import type { routes as goodsOrders } from "./goodsOrders/routes.ts";
import type { routes as pages } from "./pages/routes.ts";

/**
 * Every route of every area, by its key ("GET /xiangyu/api/hotel/hotelview"): the one contract the
 * console's typed client (web/src/lib/contract.ts) derives its inputs and replies from. Types only.
 */
export type Contract = typeof auth &
  typeof platform &
  typeof tenants &
  typeof platformConfig &
  typeof wechat &
  typeof messagePush &
  typeof org &
  typeof files &
  typeof hotels &
  typeof hotelDays &
  typeof clients &
  typeof clientImport &
  typeof products &
  typeof orders &
  typeof booking &
  typeof users &
  typeof vouchers &
  typeof payments &
  typeof weeks &
  typeof finance &
  typeof splitBill &
  typeof content &
  typeof website &
  typeof workorders &
  typeof lottery &
  typeof goods &
  typeof goodsOrders &
  typeof pages;
