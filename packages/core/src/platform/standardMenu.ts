/**
 * The console's left menu, the product's own (the platform tenant is provisioned with it, and every
 * tenant it creates copies it: tenantAdmin.ts), seeded per tenant as MenuFunction records.
 *
 * The spec never lists function ids (docs/gaps.md §2), so they are fixed here and must stay stable:
 * rights are stored per role × functionId and hash routes carry `?functionId=`, so renumbering
 * an entry would silently move rights to another screen. Folders use hundreds (1100, 1200, …),
 * screens the numbers just above their folder; new screens take the next free number in their folder.
 *
 * `typename` doubles as the screen title returned by moduleinfo; where a document gives the title
 * (赠送房券列表, 兑换单列表, 商户用户列表) it is used verbatim.
 * `module` is the area that owns the screen: the server checks that a route's module matches the
 * function id's module, so a forged functionId header opens nothing.
 */

export type MenuSeed = { id: number; fatherid: number; typename: string; path: string; params: string; module: string; seq: number };

/** The areas of docs/architecture.md; every menu entry belongs to exactly one. */
export const MENU_MODULES = [
  "platform",
  "auth",
  "org",
  "content",
  "pages",
  "lottery",
  "website",
  "hotels",
  "orders",
  "vouchers",
  "weeks",
  "finance",
  "clients",
  "workorders",
  "products",
  "users",
  "goods",
] as const;
export type MenuModule = (typeof MENU_MODULES)[number];

/** The goods service prefix used for the {product} route segment (docs/gaps.md §3, §4). */
export const GOODS_PRODUCT = "goods";

type ScreenSeed = { id: number; typename: string; path: string; params?: string; module: MenuModule };

/** A folder row (no path) followed by its screens, in menu order. */
function folder(id: number, typename: string, module: MenuModule, seq: number, screens: ScreenSeed[]): MenuSeed[] {
  return [
    { id, fatherid: 0, typename, path: "", params: "", module, seq },
    ...screens.map((s, i) => ({
      id: s.id,
      fatherid: id,
      typename: s.typename,
      path: s.path,
      params: s.params ?? "",
      module: s.module,
      seq: i + 1,
    })),
  ];
}

export const MENU: MenuSeed[] = [
  ...folder(1100, "平台配置", "platform", 1, [
    { id: 1101, typename: "平台租户", path: "/platformsetting", module: "platform" },
    { id: 1102, typename: "支付通道", path: "/payconfig", module: "platform" },
    { id: 1103, typename: "微信平台账号", path: "/wxconfig", module: "platform" },
    { id: 1104, typename: "短信配置", path: "/smsconfig", module: "platform" },
    { id: 1105, typename: "数据库连接", path: "/dbconfig", module: "platform" },
    { id: 1106, typename: "定时任务", path: "/taskconfig", module: "platform" },
    { id: 1107, typename: "APP版本更新", path: "/appupdate", module: "platform" },
    { id: 1108, typename: "小程序管理", path: "/mp/index", module: "platform" },
    { id: 1109, typename: "绑定公众号", path: "/bindingweixin", module: "platform" },
    { id: 1110, typename: "消息推送记录", path: "/messagepush", module: "platform" },
    { id: 1111, typename: "消息推送模板", path: "/messagepushconfig", module: "platform" },
  ]),

  ...folder(1200, "组织与区域", "org", 2, [
    { id: 1201, typename: "组织架构", path: "/organization", params: "orgType=dept&orgTypeName=组织架构", module: "org" },
    { id: 1202, typename: "目的地", path: "/organization", params: "orgType=destination&orgTypeName=目的地", module: "org" },
    { id: 1203, typename: "全国区域", path: "/chinaareamanage", module: "org" },
    // The documents also route /xingyu/areas to the same region tree (docs/gaps.md §4); kept as its own
    // function so rights can be granted on it separately.
    { id: 1204, typename: "区域管理", path: "/xingyu/areas", module: "org" },
  ]),

  ...folder(1300, "内容管理", "content", 3, [
    { id: 1301, typename: "信息发布", path: "/information", module: "content" },
    { id: 1302, typename: "新闻资讯", path: "/information", params: "infoType=news", module: "content" },
    { id: 1303, typename: "活动资讯", path: "/information", params: "infoType=activity", module: "content" },
    { id: 1304, typename: "单页信息", path: "/infoview", module: "content" },
    // The information area filter reads an organisation tree of type infoarea (docs/gaps.md §5); the tree
    // screen itself belongs to the org area, but editors look for it next to the articles.
    { id: 1305, typename: "信息区域", path: "/organization", params: "orgType=infoarea&orgTypeName=信息区域", module: "org" },
    // Beyond the spec (issue 20): the website's name, footer and which information columns are its menus.
    { id: 1306, typename: "网站设置", path: "/website", module: "website" },
  ]),

  ...folder(1400, "页面设计", "pages", 4, [{ id: 1401, typename: "自定义页面", path: "/custompage", module: "pages" }]),

  ...folder(1500, "抽奖活动", "lottery", 5, [{ id: 1501, typename: "抽奖活动", path: "/lottery", module: "lottery" }]),

  ...folder(1600, "酒店管理", "hotels", 6, [
    { id: 1601, typename: "会员酒店", path: "/hotel/hotel", params: "hotelType=1", module: "hotels" },
    { id: 1602, typename: "折扣酒店", path: "/hotel/hotel", params: "hotelType=2", module: "hotels" },
    { id: 1603, typename: "会员酒店房态", path: "/hotel/hotelstatus", params: "hotelType=1", module: "hotels" },
    { id: 1604, typename: "折扣酒店房态房价", path: "/hotel/hotelstatus", params: "hotelType=2", module: "hotels" },
    { id: 1605, typename: "节假日设置", path: "/holidayset", module: "hotels" },
  ]),

  ...folder(1700, "订单管理", "orders", 7, [
    // checkinType is optional (R122): without it the list shows every order type.
    { id: 1701, typename: "全部订单", path: "/order/list", module: "orders" },
    { id: 1702, typename: "会员酒店订单", path: "/order/list", params: "checkinType=club", module: "orders" },
    { id: 1703, typename: "折扣酒店订单", path: "/order/list", params: "checkinType=discount", module: "orders" },
    { id: 1704, typename: "代客订单", path: "/order/reservationservice", module: "orders" },
  ]),

  ...folder(1800, "房券与周次", "vouchers", 8, [
    { id: 1801, typename: "房券购买单", path: "/product/buyticket", module: "vouchers" },
    { id: 1802, typename: "赠送房券列表", path: "/order/giftticket", module: "vouchers" },
    { id: 1803, typename: "兑换单列表", path: "/order/hotelticket", module: "vouchers" },
    { id: 1804, typename: "赠送周次", path: "/order/giftweek", module: "weeks" },
    { id: 1805, typename: "RCI交换单", path: "/order/rcilist", module: "weeks" },
    { id: 1806, typename: "RCI周次交换", path: "/order/rci", module: "weeks" },
  ]),

  ...folder(1900, "财务管理", "finance", 9, [
    { id: 1901, typename: "分账比例设置", path: "/finance/splitbillset", module: "finance" },
    { id: 1902, typename: "月度分账汇总", path: "/finance/splitbill", module: "finance" },
    // No route is given for the monthly business summary; docs/gaps.md §4 proposes this one.
    { id: 1903, typename: "月度经营汇总", path: "/finance/statistics", module: "finance" },
    { id: 1904, typename: "支付分账订单", path: "/finance/profitsharing", module: "finance" },
    { id: 1905, typename: "收银复核", path: "/finance/buypassedbycashier", module: "finance" },
    { id: 1906, typename: "财务经理复核", path: "/finance/buypassedbyfinance", module: "finance" },
    { id: 1907, typename: "会员服务复核", path: "/finance/buypassedbyms", module: "finance" },
    // Named by both 000 and 001; docs/architecture.md puts price modification in the finance area.
    { id: 1908, typename: "产品改价", path: "/order/modifyproductprice", module: "finance" },
  ]),

  ...folder(2000, "客户管理", "clients", 10, [
    { id: 2001, typename: "客户列表", path: "/client/manage", module: "clients" },
    { id: 2002, typename: "会员列表", path: "/client/member", module: "clients" },
  ]),

  ...folder(2100, "电邀工单", "workorders", 11, [
    { id: 2101, typename: "电邀工单", path: "/client/workorder", module: "workorders" },
    { id: 2102, typename: "电邀任务", path: "/client/booking", module: "workorders" },
    { id: 2103, typename: "门店电邀客户", path: "/client/storemanager", module: "workorders" },
    // Beyond the spec (issue 16): the funnel per store and inviter, read from kept counters.
    { id: 2104, typename: "电邀漏斗", path: "/client/funnel", module: "workorders" },
  ]),

  ...folder(2200, "产品管理", "products", 12, [
    { id: 2201, typename: "产品列表", path: "/product/list", module: "products" },
    { id: 2202, typename: "会员购买单", path: "/order/productlist", module: "products" },
  ]),

  ...folder(2300, "用户管理", "users", 13, [
    { id: 2301, typename: "管理用户", path: "/manageuser", module: "users" },
    { id: 2302, typename: "商户用户列表", path: "/mgrbranchuser", module: "users" },
    { id: 2303, typename: "小程序用户", path: "/user/manage", module: "users" },
    { id: 2304, typename: "渠道管理", path: "/channel", module: "users" },
    // Beyond the spec (issue 13): the role list and editor; docs/api.md lists its routes.
    { id: 2305, typename: "角色管理", path: "/role", module: "users" },
  ]),

  ...folder(2400, "商品管理", "goods", 14, [
    { id: 2401, typename: "商品列表", path: `/${GOODS_PRODUCT}/goods`, module: "goods" },
    // goodsType values are the goodsType style list (appointment, goods, virtual).
    { id: 2402, typename: "预约订单", path: `/${GOODS_PRODUCT}/order`, params: "goodsType=appointment", module: "goods" },
    { id: 2403, typename: "商品订单", path: `/${GOODS_PRODUCT}/order`, params: "goodsType=goods", module: "goods" },
    { id: 2404, typename: "虚拟商品订单", path: `/${GOODS_PRODUCT}/order`, params: "goodsType=virtual", module: "goods" },
    // The goods category cascader reads an organisation tree of type goodsclass (docs/gaps.md §9).
    { id: 2405, typename: "商品分类", path: "/organization", params: "orgType=goodsclass&orgTypeName=商品分类", module: "org" },
  ]),

  ...folder(2500, "系统", "auth", 15, [
    { id: 2501, typename: "操作日志", path: "/oplog", module: "auth" },
    // Beyond the spec (issue 13, sign-in security): docs/api.md lists their routes.
    { id: 2502, typename: "登录日志", path: "/loginlog", module: "auth" },
    { id: 2503, typename: "在线用户", path: "/online", module: "auth" },
  ]),
];
