import { moduleRoute, type RouteTable } from "../http/define.ts";

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
  "GET /xiangyu/api/client/clientlist": moduleRoute(CLIENTS),
  "GET /xiangyu/api/client/memberlist": moduleRoute(CLIENTS),
  "GET /xiangyu/api/client/clientview": moduleRoute(CLIENTS),
  "POST /xiangyu/api/client/clientsave": moduleRoute(CLIENTS, "save"),
  "POST /xiangyu/api/client/clientdelete": moduleRoute(CLIENTS, "D"),
  "GET /xiangyu/api/client/searchclient": moduleRoute(CLIENT_FINDERS),

  // ── membership ──
  "GET /xiangyu/api/client/membershipinfo": moduleRoute(CLIENT_FINDERS),
  "GET /xiangyu/api/client/membershiptotallist": moduleRoute(CLIENTS),
  "GET /xiangyu/api/client/membershiplist": moduleRoute(CLIENTS),
  // The letters below are checked inside: the spec's refusal for these is 你无操作权限 (R300, R301).
  "POST /xiangyu/api/client/membershipsave": moduleRoute(CLIENTS),
  "POST /xiangyu/api/client/shipdurationsave": moduleRoute(CLIENTS),
  // A POST so that every reveal lands in the operation log.
  "POST /xiangyu/api/client/membershippassword": moduleRoute(CLIENTS),

  // ── channels ──
  "GET /xiangyu/api/channel/list": moduleRoute(["users", "clients"]),
  "GET /xiangyu/api/channel/view": moduleRoute(["users"]),
  "POST /xiangyu/api/channel/save": moduleRoute(["users"], "save"),
} satisfies RouteTable;
