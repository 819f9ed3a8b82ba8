/**
 * The area registry: every area of the API by name, with its route table. Adding an area is its
 * core folder, its functions folder (routes.ts and handler.ts), its console folder and one line here
 * (an import and an entry); the manifest, the console's contract, the loaders and the stacks derive
 * from it (docs/decisions.md, "How an area is written"). registry.test.ts fails when a hand list drifts.
 */
import { routes as auth } from "./auth/routes.ts";
import { routes as platform } from "./platform/routes.ts";
import { routes as tenants } from "./tenants/routes.ts";
import { routes as platformConfig } from "./platformConfig/routes.ts";
import { routes as wechat } from "./wechat/routes.ts";
import { routes as org } from "./org/routes.ts";
import { routes as files } from "./files/routes.ts";
import { routes as hotels } from "./hotels/routes.ts";
import { routes as hotelDays } from "./hotelDays/routes.ts";
import { routes as clients } from "./clients/routes.ts";
import { routes as clientImport } from "./clientImport/routes.ts";
import { routes as products } from "./products/routes.ts";
import { routes as orders } from "./orders/routes.ts";
import { routes as booking } from "./booking/routes.ts";
import { routes as users } from "./users/routes.ts";
import { routes as vouchers } from "./vouchers/routes.ts";
import { routes as payments } from "./payments/routes.ts";
import { routes as weeks } from "./weeks/routes.ts";
import { routes as finance } from "./finance/routes.ts";
import { routes as splitBill } from "./splitBill/routes.ts";
import { routes as content } from "./content/routes.ts";
import { routes as website } from "./website/routes.ts";
import { routes as siteHotels } from "./siteHotels/routes.ts";
import { routes as workorders } from "./workorders/routes.ts";
import { routes as messagePush } from "./messagePush/routes.ts";
import { routes as lottery } from "./lottery/routes.ts";
import { routes as goods } from "./goods/routes.ts";
import { routes as goodsOrders } from "./goodsOrders/routes.ts";
import { routes as pages } from "./pages/routes.ts";
import { routes as member } from "./member/routes.ts";
import { routes as memberBooking } from "./memberBooking/routes.ts";
import { routes as memberHotels } from "./memberHotels/routes.ts";
import { routes as memberPages } from "./memberPages/routes.ts";
import { routes as workbench } from "./workbench/routes.ts";
import type { RouteTable } from "./http/define.ts";

export const REGISTRY = {
  auth,
  platform,
  tenants,
  platformConfig,
  wechat,
  org,
  files,
  hotels,
  hotelDays,
  clients,
  clientImport,
  products,
  orders,
  booking,
  users,
  vouchers,
  payments,
  weeks,
  finance,
  splitBill,
  content,
  website,
  siteHotels,
  workorders,
  messagePush,
  lottery,
  goods,
  goodsOrders,
  pages,
  member,
  memberBooking,
  memberHotels,
  memberPages,
  workbench,
} satisfies Record<string, RouteTable>;

export type AreaName = keyof typeof REGISTRY;
