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
import { routes as workorders } from "./workorders/routes.ts";
import { routes as messagePush } from "./messagePush/routes.ts";
import { routes as lottery } from "./lottery/routes.ts";
import { routes as goods } from "./goods/routes.ts";
import { routes as goodsOrders } from "./goodsOrders/routes.ts";
import { routes as pages } from "./pages/routes.ts";
import type { RouteTable } from "./http/define.ts";

/**
 * Every area's Lambda and its routes, and every scheduled job: read by the stacks (one function
 * per area, one API route per entry), the local gateway and the local scheduler.
 */
export type AreaName =
  | "auth"
  | "platform"
  | "tenants"
  | "platformConfig"
  | "wechat"
  | "org"
  | "files"
  | "hotels"
  | "hotelDays"
  | "clients"
  | "clientImport"
  | "products"
  | "orders"
  | "booking"
  | "users"
  | "vouchers"
  | "payments"
  | "weeks"
  | "finance"
  | "splitBill"
  | "content"
  | "website"
  | "workorders"
  | "messagePush"
  | "lottery"
  | "goods"
  | "goodsOrders"
  | "pages";
export const AREAS: Record<AreaName, { routes: RouteTable; handler: string }> = {
  auth: { routes: auth, handler: "packages/functions/src/auth/handler.handler" },
  platform: { routes: platform, handler: "packages/functions/src/platform/handler.handler" },
  tenants: { routes: tenants, handler: "packages/functions/src/tenants/handler.handler" },
  platformConfig: { routes: platformConfig, handler: "packages/functions/src/platformConfig/handler.handler" },
  wechat: { routes: wechat, handler: "packages/functions/src/wechat/handler.handler" },
  org: { routes: org, handler: "packages/functions/src/org/handler.handler" },
  files: { routes: files, handler: "packages/functions/src/files/handler.handler" },
  hotels: { routes: hotels, handler: "packages/functions/src/hotels/handler.handler" },
  hotelDays: { routes: hotelDays, handler: "packages/functions/src/hotelDays/handler.handler" },
  clients: { routes: clients, handler: "packages/functions/src/clients/handler.handler" },
  clientImport: { routes: clientImport, handler: "packages/functions/src/clientImport/handler.handler" },
  products: { routes: products, handler: "packages/functions/src/products/handler.handler" },
  orders: { routes: orders, handler: "packages/functions/src/orders/handler.handler" },
  booking: { routes: booking, handler: "packages/functions/src/booking/handler.handler" },
  users: { routes: users, handler: "packages/functions/src/users/handler.handler" },
  vouchers: { routes: vouchers, handler: "packages/functions/src/vouchers/handler.handler" },
  payments: { routes: payments, handler: "packages/functions/src/payments/handler.handler" },
  weeks: { routes: weeks, handler: "packages/functions/src/weeks/handler.handler" },
  finance: { routes: finance, handler: "packages/functions/src/finance/handler.handler" },
  splitBill: { routes: splitBill, handler: "packages/functions/src/splitBill/handler.handler" },
  content: { routes: content, handler: "packages/functions/src/content/handler.handler" },
  website: { routes: website, handler: "packages/functions/src/website/handler.handler" },
  workorders: { routes: workorders, handler: "packages/functions/src/workorders/handler.handler" },
  messagePush: { routes: messagePush, handler: "packages/functions/src/messagePush/handler.handler" },
  lottery: { routes: lottery, handler: "packages/functions/src/lottery/handler.handler" },
  goods: { routes: goods, handler: "packages/functions/src/goods/handler.handler" },
  goodsOrders: { routes: goodsOrders, handler: "packages/functions/src/goodsOrders/handler.handler" },
  pages: { routes: pages, handler: "packages/functions/src/pages/handler.handler" },
};

export type JobDef = {
  name: string;
  schedule: string;
  /** local scheduler period */ everyMs: number;
  handler: string;
  /** Seconds (default 300) and MB (default the stack's) when a job needs more: the month job. */
  timeout?: number;
  memory?: number;
};
export const JOBS: JobDef[] = [
  { name: "sessionSweep", schedule: "cron(30 19 * * ? *)", everyMs: 24 * 60 * 60 * 1000, handler: "packages/functions/src/jobs/sessionSweep.handler" },
  { name: "refundSettle", schedule: "rate(1 minute)", everyMs: 60 * 1000, handler: "packages/functions/src/jobs/refundSettle.handler" },
  // 02:00 Asia/Shanghai on the 1st = 18:00 UTC on the last day of the month before (L); locally hourly, a done month is skipped.
  { name: "splitBillMonth", schedule: "cron(0 18 L * ? *)", everyMs: 60 * 60 * 1000, handler: "packages/functions/src/jobs/splitBillMonth.handler", timeout: 900, memory: 512 },
  // The profit-sharing port's queue (well inside the spec's 5 minutes); the sandbox answers in seconds locally.
  // Unpaid goods orders closed at their deadline (stock released) and goods refunds settled (sandbox).
  { name: "goodsExpire", schedule: "rate(1 minute)", everyMs: 60 * 1000, handler: "packages/functions/src/goods/expireJob.handler" },
  { name: "profitSharing", schedule: "rate(2 minutes)", everyMs: 5 * 1000, handler: "packages/functions/src/jobs/profitSharing.handler" },
  // Message push: queued messages go out within a minute (every few seconds locally); a messagePush task (taskRunners.ts) may run it too.
  // Every minute written as cron: each job's expression stays unique (infra-tests pair a job with its rule by it).
  { name: "messagePush", schedule: "cron(* * * * ? *)", everyMs: 5 * 1000, handler: "packages/functions/src/jobs/messagePush.handler" },
];
