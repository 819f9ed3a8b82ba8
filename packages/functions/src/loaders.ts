import type { AreaName } from "./manifest.ts";

/**
 * Loads area and job handlers on demand, for the local gateway, the scheduler and the tests.
 * Kept apart from manifest.ts so the stacks, which read the manifest, do not pull in every handler.
 */
export const loadArea: Record<AreaName, () => Promise<{ handler: (event: any, context?: any) => Promise<any> }>> = {
  auth: () => import("./auth/handler.ts"),
  platform: () => import("./platform/handler.ts"),
  tenants: () => import("./tenants/handler.ts"),
  platformConfig: () => import("./platformConfig/handler.ts"),
  wechat: () => import("./wechat/handler.ts"),
  messagePush: () => import("./messagePush/handler.ts"),
  org: () => import("./org/handler.ts"),
  files: () => import("./files/handler.ts"),
  hotels: () => import("./hotels/handler.ts"),
  hotelDays: () => import("./hotelDays/handler.ts"),
  clients: () => import("./clients/handler.ts"),
  clientImport: () => import("./clientImport/handler.ts"),
  products: () => import("./products/handler.ts"),
  orders: () => import("./orders/handler.ts"),
  booking: () => import("./booking/handler.ts"),
  users: () => import("./users/handler.ts"),
  vouchers: () => import("./vouchers/handler.ts"),
  payments: () => import("./payments/handler.ts"),
  weeks: () => import("./weeks/handler.ts"),
  finance: () => import("./finance/handler.ts"),
  splitBill: () => import("./splitBill/handler.ts"),
  content: () => import("./content/handler.ts"),
  website: () => import("./website/handler.ts"),
  workorders: () => import("./workorders/handler.ts"),
  lottery: () => import("./lottery/handler.ts"),
  goods: () => import("./goods/handler.ts"),
  goodsOrders: () => import("./goodsOrders/handler.ts"),
  pages: () => import("./pages/handler.ts"),
};

export const loadJob: Record<string, () => Promise<{ handler: (event?: any) => Promise<unknown> }>> = {
  sessionSweep: () => import("./jobs/sessionSweep.ts"),
  refundSettle: () => import("./jobs/refundSettle.ts"),
  splitBillMonth: () => import("./jobs/splitBillMonth.ts"),
  profitSharing: () => import("./jobs/profitSharing.ts"),
  goodsExpire: () => import("./goods/expireJob.ts"),
  messagePush: () => import("./jobs/messagePush.ts"),
};
