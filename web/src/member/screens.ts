import { lazy, type ComponentType } from "react";
import type { Params } from "./router.ts";

/**
 * Every screen of the member H5, by its hash route. The designed pages' links (core
 * pages/links.ts LINK_TARGETS) lead to these patterns; links.test.ts proves each one has its
 * screen. Each screen is its own chunk, so the first load carries only the shell.
 */
export type ScreenProps = { params: Params; query: URLSearchParams };
type Entry = { pattern: string; title: string; screen: ComponentType<ScreenProps> };

const screen = (load: () => Promise<{ default: ComponentType<ScreenProps> }>) => lazy(load);

export const SCREENS: readonly Entry[] = [
  { pattern: "/", title: "首页", screen: screen(() => import("./screens/PageScreen.tsx")) },
  { pattern: "/p/:code", title: "", screen: screen(() => import("./screens/PageScreen.tsx")) },
  { pattern: "/bind", title: "绑定手机号", screen: screen(() => import("./screens/BindScreen.tsx")) },
  { pattern: "/membership", title: "我的周次与房券", screen: screen(() => import("./screens/MembershipScreen.tsx")) },
  { pattern: "/hotels", title: "预订酒店", screen: screen(() => import("./screens/HotelsScreen.tsx")) },
  { pattern: "/hotel/:id", title: "酒店详情", screen: screen(() => import("./screens/HotelScreen.tsx")) },
  { pattern: "/orders", title: "我的订单", screen: screen(() => import("./screens/OrdersScreen.tsx")) },
  { pattern: "/order/:id", title: "订单详情", screen: screen(() => import("./screens/OrderScreen.tsx")) },
  { pattern: "/goods", title: "商城", screen: screen(() => import("./screens/GoodsScreen.tsx")) },
  { pattern: "/goods/:id", title: "商品详情", screen: screen(() => import("./screens/GoodsDetailScreen.tsx")) },
  { pattern: "/goods-orders", title: "我的商品订单", screen: screen(() => import("./screens/GoodsOrdersScreen.tsx")) },
  { pattern: "/lotteries", title: "抽奖活动", screen: screen(() => import("./screens/LotteriesScreen.tsx")) },
  { pattern: "/lottery/:id", title: "抽奖", screen: screen(() => import("./screens/LotteryScreen.tsx")) },
  { pattern: "/prizes", title: "我的奖品", screen: screen(() => import("./screens/PrizesScreen.tsx")) },
  { pattern: "/article/:id", title: "资讯详情", screen: screen(() => import("./screens/ArticleScreen.tsx")) },
];
