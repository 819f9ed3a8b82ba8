import type { ComponentType } from "react";
import type { ListSpec } from "../ui/listSpec.ts";
import { tableSearch } from "../ui/tableState.ts";
import { HOLIDAY_SPEC, HOTEL_LIST_SPEC, HOTEL_STATUS_SPEC } from "../areas/hotels/hotelLists.ts";
import { INFO_LIST_SPEC } from "../areas/content/contentLists.ts";
import { LOTTERY_LIST_SPEC } from "../areas/lottery/lotteryLists.ts";
import { MP_LIST_SPEC } from "../areas/platform/mp/mpLists.ts";
import { APP_LIST_SPEC, DB_LIST_SPEC, PAY_LIST_SPEC, SMS_LIST_SPEC, TENANT_LIST_SPEC, WX_LIST_SPEC } from "../areas/platform/tenantLists.ts";
import { TASK_LIST_SPEC } from "../areas/platform/tasks/taskLists.ts";
import { PUSH_LIST_SPEC, PUSH_TEMPLATE_SPEC } from "../areas/platform/push/pushLists.ts";

/**
 * The screen registry: route path → screen, loaded on first use. A screen is a default-export
 * component without props in web/src/areas/<area>/<Name>.tsx that reads useScreen()/useApi().
 * Adding a screen of an existing area is one line in SCREENS; a menu path without a line shows
 * "该功能正在建设中" under its real title. A new area adds its one-line file in ./areas/ and a line in AREAS.
 * A list screen names its first list (ui/listSpec.ts): the frame then fetches the first page
 * while the area's chunk, the title and the rights are still on their way.
 * Every entry carries the schema of its address (ui/tableState.ts `tableSearch`: paging, order,
 * keyword and the first list's filter keys); the router validates the screen's search with it.
 */
export type ScreenModule = { default: ComponentType };
export type SearchSchema = ReturnType<typeof tableSearch>;
export type ScreenEntry = { load: () => Promise<ScreenModule>; list?: ListSpec; search: SearchSchema };

/** The address schema of a screen without a registered first list, and of unregistered paths. */
export const SCREEN_SEARCH: SearchSchema = tableSearch();

/** Each area is one chunk: its module (./areas/<area>.ts) gathers all of the area's screens. */
const AREAS = {
  auth: () => import("./areas/auth.ts"),
  org: () => import("./areas/org.ts"),
  hotels: () => import("./areas/hotels.ts"),
  clients: () => import("./areas/clients.ts"),
  products: () => import("./areas/products.ts"),
  channels: () => import("./areas/channels.ts"),
  orders: () => import("./areas/orders.ts"),
  users: () => import("./areas/users.ts"),
  platform: () => import("./areas/platform.ts"),
  vouchers: () => import("./areas/vouchers.ts"),
  weeks: () => import("./areas/weeks.ts"),
  finance: () => import("./areas/finance.ts"),
  content: () => import("./areas/content.ts"),
  website: () => import("./areas/website.ts"),
  workorders: () => import("./areas/workorders.ts"),
  lottery: () => import("./areas/lottery.ts"),
  goods: () => import("./areas/goods.ts"),
} satisfies Record<string, () => Promise<{ default: Record<string, ScreenModule> }>>;

export type Area = keyof typeof AREAS;

/** The loader of web/src/areas/<area>/<name>.tsx, and the list it opens with. */
export function screen(area: Area, name: string, list?: ListSpec): ScreenEntry {
  return {
    load: async () => {
      const m = (await AREAS[area]()).default[`../../areas/${area}/${name}.tsx`];
      if (!m?.default) throw new Error(`页面不存在：areas/${area}/${name}.tsx`);
      return m;
    },
    list,
    search: list ? tableSearch({ filters: list.filterKeys }) : SCREEN_SEARCH,
  };
}

export const SCREENS: Record<string, ScreenEntry> = {
  "/organization": screen("org", "OrganizationTree"),
  "/chinaareamanage": screen("org", "RegionTree"),
  "/xingyu/areas": screen("org", "RegionTree"),
  "/oplog": screen("auth", "OperationLog"),
  "/loginlog": screen("auth", "LoginLog"),
  "/online": screen("auth", "OnlineSessions"),
  "/hotel/hotel": screen("hotels", "HotelList", HOTEL_LIST_SPEC),
  "/hotel/hotelstatus": screen("hotels", "HotelStatus", HOTEL_STATUS_SPEC),
  "/holidayset": screen("hotels", "Holidays", HOLIDAY_SPEC),
  "/client/manage": screen("clients", "ClientList"),
  "/client/member": screen("clients", "MemberList"),
  "/product/list": screen("products", "ProductList"),
  "/order/productlist": screen("products", "ProductOrders"),
  "/order/modifyproductprice": screen("products", "PriceModification"),
  "/channel": screen("channels", "ChannelList"),
  "/order/list": screen("orders", "OrderList"),
  "/order/reservationservice": screen("orders", "ProxyOrders"),
  "/manageuser": screen("users", "UserList"),
  "/mgrbranchuser": screen("users", "BranchUserList"),
  "/user/manage": screen("users", "MobileUserList"),
  "/role": screen("users", "RoleList"),
  "/platformsetting": screen("platform", "TenantList", TENANT_LIST_SPEC),
  "/product/buyticket": screen("vouchers", "PurchaseList"),
  "/order/giftticket": screen("vouchers", "GiftVoucherList"),
  "/order/hotelticket": screen("vouchers", "ExchangeList"),
  "/order/giftweek": screen("weeks", "GiftWeekList"),
  "/order/rcilist": screen("weeks", "RciList"),
  "/order/rci": screen("weeks", "RciExchange"),
  "/finance/buypassedbycashier": screen("finance", "reviews/CashierReviews"),
  "/finance/buypassedbyfinance": screen("finance", "reviews/FinanceReviews"),
  "/finance/buypassedbyms": screen("finance", "reviews/MemberServiceReviews"),
  "/client/workorder": screen("workorders", "WorkOrderList"),
  "/client/booking": screen("workorders", "TaskList"),
  "/client/storemanager": screen("workorders", "MyClients"),
  "/client/funnel": screen("workorders", "Funnel"),
  "/payconfig": screen("platform", "PayConfigList", PAY_LIST_SPEC),
  "/wxconfig": screen("platform", "WxConfigList", WX_LIST_SPEC),
  "/smsconfig": screen("platform", "SmsConfigList", SMS_LIST_SPEC),
  "/dbconfig": screen("platform", "DbConfigList", DB_LIST_SPEC),
  "/taskconfig": screen("platform", "tasks/TaskList", TASK_LIST_SPEC),
  "/appupdate": screen("platform", "AppVersionList", APP_LIST_SPEC),
  "/mp/index": screen("platform", "mp/MpConfigList", MP_LIST_SPEC),
  "/bindingweixin": screen("platform", "oa/OaBinding"),
  "/messagepush": screen("platform", "push/MessagePushList", PUSH_LIST_SPEC),
  "/messagepushconfig": screen("platform", "push/PushTemplateList", PUSH_TEMPLATE_SPEC),
  "/finance/splitbillset": screen("finance", "splitbill/SplitBillSettings"),
  "/finance/splitbill": screen("finance", "splitbill/SplitBillSummary"),
  "/finance/statistics": screen("finance", "splitbill/ShopStatistics"),
  "/finance/profitsharing": screen("finance", "splitbill/ProfitSharingList"),
  "/information": screen("content", "InformationList", INFO_LIST_SPEC),
  "/infoview": screen("content", "InfoView"),
  "/lottery": screen("lottery", "LotteryList", LOTTERY_LIST_SPEC),
  "/website": screen("website", "WebsiteSettings"),
  // {product} is GOODS_PRODUCT ("goods", packages/local/src/seed/menu.ts).
  "/goods/goods": screen("goods", "GoodsList"),
  "/goods/order": screen("goods", "GoodsOrders"),
  // The page designer is a chunk of its own (dnd-kit, the canvas, every panel), outside the pages area's.
  "/custompage": { load: () => import("../areas/pages/designer/DesignerScreen.tsx"), search: SCREEN_SEARCH },
};
