import type { ComponentType } from "react";

/**
 * The screen registry: route path → screen, loaded on first use. A screen is a default-export
 * component without props in web/src/areas/<area>/<Name>.tsx that reads useScreen()/useApi().
 * Adding a screen of an existing area is one line in SCREENS; a menu path without a line shows
 * "该功能正在建设中" under its real title. A new area adds its one-line file in ./areas/ and a line in AREAS.
 */
export type ScreenModule = { default: ComponentType };

/** Each area is one chunk: its module (./areas/<area>.ts) gathers all of the area's screens. */
const AREAS = {
  auth: () => import("./areas/auth.ts"),
  org: () => import("./areas/org.ts"),
  hotels: () => import("./areas/hotels.ts"),
  clients: () => import("./areas/clients.ts"),
  products: () => import("./areas/products.ts"),
  channels: () => import("./areas/channels.ts"),
  orders: () => import("./areas/orders.ts"),
} satisfies Record<string, () => Promise<{ default: Record<string, ScreenModule> }>>;

export type Area = keyof typeof AREAS;

/** The loader of web/src/areas/<area>/<name>.tsx. */
export function screen(area: Area, name: string): () => Promise<ScreenModule> {
  return async () => {
    const m = (await AREAS[area]()).default[`../../areas/${area}/${name}.tsx`];
    if (!m?.default) throw new Error(`页面不存在：areas/${area}/${name}.tsx`);
    return m;
  };
}

export const SCREENS: Record<string, () => Promise<ScreenModule>> = {
  "/organization": screen("org", "OrganizationTree"),
  "/chinaareamanage": screen("org", "RegionTree"),
  "/xingyu/areas": screen("org", "RegionTree"),
  "/oplog": screen("auth", "OperationLog"),
  "/hotel/hotel": screen("hotels", "HotelList"),
  "/hotel/hotelstatus": screen("hotels", "HotelStatus"),
  "/holidayset": screen("hotels", "Holidays"),
  "/client/manage": screen("clients", "ClientList"),
  "/client/member": screen("clients", "MemberList"),
  "/product/list": screen("products", "ProductList"),
  "/order/productlist": screen("products", "ProductOrders"),
  "/order/modifyproductprice": screen("products", "PriceModification"),
  "/channel": screen("channels", "ChannelList"),
  "/order/list": screen("orders", "OrderList"),
  "/order/reservationservice": screen("orders", "ProxyOrders"),
};
