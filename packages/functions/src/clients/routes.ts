import { moduleRoute, type RouteTable } from "../http/define.ts";
import { LEGACY } from "../http/legacy.ts";

/**
 * Clients, members and the membership viewer; channels. Products, types and price modification
 * are their own Lambda (products/), the customer import too (clientImport/).
 *
 * Modules: the client list (2001, 2002) is "clients"; products (2201, 2202) "products"; price
 * modification (1908) "finance"; channels (2304) "users". Lookups used by other screens' wizards
 * (client finder, stored weeks, product picker, channel select) accept those screens' modules too.
 */
const CLIENTS = ["clients"] as const;
/** Screens whose wizards find a client or read stored weeks (orders, vouchers, gift weeks, exchange, price modification, work orders). */
const CLIENT_FINDERS = ["clients", "orders", "vouchers", "weeks", "finance", "products", "workorders"] as const;

export const routes = {
  // ── clients ──
  "GET /xiangyu/api/client/clientlist": moduleRoute(CLIENTS, LEGACY),
  "GET /xiangyu/api/client/memberlist": moduleRoute(CLIENTS, LEGACY),
  "GET /xiangyu/api/client/clientview": moduleRoute(CLIENTS, LEGACY),
  "POST /xiangyu/api/client/clientsave": moduleRoute(CLIENTS, { ...LEGACY, right: "save" }),
  "POST /xiangyu/api/client/clientdelete": moduleRoute(CLIENTS, { ...LEGACY, right: "D" }),
  "GET /xiangyu/api/client/searchclient": moduleRoute(CLIENT_FINDERS, LEGACY),

  // ── membership ──
  "GET /xiangyu/api/client/membershipinfo": moduleRoute(CLIENT_FINDERS, LEGACY),
  "GET /xiangyu/api/client/membershiptotallist": moduleRoute(CLIENTS, LEGACY),
  "GET /xiangyu/api/client/membershiplist": moduleRoute(CLIENTS, LEGACY),
  // The letters below are checked inside: the spec's refusal for these is 你无操作权限 (R300, R301).
  "POST /xiangyu/api/client/membershipsave": moduleRoute(CLIENTS, LEGACY),
  "POST /xiangyu/api/client/shipdurationsave": moduleRoute(CLIENTS, LEGACY),
  // A POST so that every reveal lands in the operation log.
  "POST /xiangyu/api/client/membershippassword": moduleRoute(CLIENTS, LEGACY),

  // ── channels ──
  "GET /xiangyu/api/channel/list": moduleRoute(["users", "clients"], LEGACY),
  "GET /xiangyu/api/channel/view": moduleRoute(["users"], LEGACY),
  "POST /xiangyu/api/channel/save": moduleRoute(["users"], { ...LEGACY, right: "save" }),
} satisfies RouteTable;
