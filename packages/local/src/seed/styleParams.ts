/**
 * Style-parameter lists (GET /gateway/api/manage/appcenter/styleparam/list?styleen=…), seeded per tenant.
 *
 * The documents name the lists but never show their values; the values below are the defaults of
 * docs/gaps.md §5, ids and names verbatim, so that every rule of the spec (which statuses may be handled,
 * deleted, followed up …) lines up with the ids. Lists docs/gaps.md leaves open (goodsType, maritalStatus…)
 * take the codes the documents use in URLs and payloads, so a list lookup and a stored value agree.
 */
import { ORDER_STATUS } from "@xiangyu/core/orders/status";

export type StyleParamSeed = { styleen: string; stylename: string; items: { styleid: string; stylename: string; seq: number }[] };

/** Builds one list; seq follows the written order, which is also the display order in selects. */
function list(styleen: string, stylename: string, items: [styleid: string | number, name: string][]): StyleParamSeed {
  return {
    styleen,
    stylename,
    items: items.map(([styleid, name], i) => ({ styleid: String(styleid), stylename: name, seq: i + 1 })),
  };
}

export const STYLE_PARAMS: StyleParamSeed[] = [
  // ── hotel orders [0] ──
  // The names the order state machine uses (core/orders/status.ts): one list, written once.
  list(
    "orderStatus",
    "订单状态",
    Object.entries(ORDER_STATUS).map(([k, name]): [number, string] => [Number(k), name]),
  ),
  // Keyed by the order's checkinType code (R148), so the list labels a stored order directly.
  list("orderType", "订单类型", [
    ["club", "会员酒店"],
    ["rci", "交换"],
    ["discount", "折扣酒店"],
    ["product", "产品"],
  ]),
  // Matches exchangeType: 3 for gift/purchase vouchers, '1,2' for exchange orders.
  list("hotelTicketType", "房券来源", [
    [1, "周次兑换"],
    [2, "RCI兑换"],
    [3, "赠送/购买"],
  ]),
  // payType is the work-order purchase list (docs/gaps.md §5). Hotel orders use different codes for the
  // same field name (R149: 1 money, 2 weeks, 3 points), so they get their own list rather than a
  // second meaning of the same ids.
  list("payType", "支付方式", [
    [1, "现金"],
    [2, "刷卡"],
    [3, "微信"],
    [4, "支付宝"],
    [5, "银行转账"],
  ]),
  list("orderPayType", "订单支付方式", [
    [1, "金额"],
    [2, "周次"],
    [3, "积分"],
  ]),
  list("followupStatus", "回访状态", [
    [1, "已完成"],
    [2, "未接通"],
    [3, "拒绝"],
  ]),
  list("hotelLevel", "酒店星级", [
    [0, "无"],
    [1, "二星及以下"],
    [2, "三星"],
    [3, "四星"],
    [4, "五星"],
  ]),

  // ── gift weeks [0] ──
  list("giftweekDelay", "延期状态", [
    [0, "未延期"],
    [1, "已延期"],
    [2, "延期审核中"],
    [3, "延期不通过"],
  ]),

  // ── finance [0] ──
  list("splitbillType", "分账类型", [
    [1, "集团"],
    [2, "门店"],
    [3, "代理"],
    [4, "渠道"],
  ]),
  list("profitsharingStatus", "分账状态", [
    [0, "待分账"],
    [1, "分账成功"],
    [2, "分账中"],
    [3, "分账失败"],
  ]),

  // ── goods [1] ──
  list("goodsOrderStatus", "商品订单状态", [
    [1, "待支付"],
    [2, "待审核"],
    [3, "待完成"],
    [4, "已完成"],
    [5, "审核不通过"],
    [6, "申请退款"],
    [7, "已退款"],
    [8, "已取消"],
    [9, "已关闭"],
  ]),
  // The goods info stores goodsType as these codes and the goods order route takes them in its URL.
  list("goodsType", "商品性质", [
    ["appointment", "预约服务"],
    ["goods", "实物商品"],
    ["virtual", "虚拟商品"],
  ]),

  // ── clients and work orders [1] ──
  list("clientStatus", "客户状态", [
    [1, "客户"],
    [2, "会员"],
    [3, "停用"],
  ]),
  list("memberLevel", "会员等级", [
    [1, "普通会员"],
    [2, "银卡"],
    [3, "金卡"],
    [4, "钻石"],
  ]),
  list("maritalStatus", "婚姻状况", [
    [1, "未婚"],
    [2, "已婚"],
  ]),
  // Four-digit code = status + isAppointment + bePresent + isBuy (R324); unknown codes read 暂不明确.
  list("workOrderStatus", "工单状态", [
    [1000, "已电邀未确定"],
    [1122, "已应邀待到场"],
    [1200, "拒绝应邀"],
    [1300, "考虑中"],
    [2112, "到场未购买"],
    [2122, "未到场"],
    [3111, "已购买"],
  ]),
  list("appointmentType", "应邀情况", [
    [0, "未确定"],
    [1, "应邀"],
    [2, "拒绝"],
    [3, "考虑中"],
  ]),
  // The three lists below are editable by tenants; these are starting values only.
  list("jobType", "职业", [
    [1, "职员"],
    [2, "个体"],
    [3, "退休"],
    [4, "企业主"],
    [5, "公务员"],
    [6, "其他"],
  ]),
  // styleen keeps the source's spelling (unpualified), which the console and payloads use.
  list("unpualifiedReasons", "不合格原因", [
    [1, "年龄不符"],
    [2, "收入不符"],
    [3, "非本人"],
    [4, "其他"],
  ]),
  list("notBuyReasons", "未购买原因", [
    [1, "价格"],
    [2, "考虑中"],
    [3, "家人反对"],
    [4, "其他"],
  ]),

  // ── platform and content [2] ──
  // Keyed by the information's infoType code, which is also the list screen's URL parameter.
  list("infoType", "信息类型", [
    ["intro", "介绍"],
    ["news", "新闻"],
    ["activity", "活动"],
    ["map", "地图"],
  ]),
  list("pushType", "推送方式", [
    [1, "微信模板"],
    [2, "短信"],
  ]),
  list("messagepushStatus", "推送状态", [
    [0, "待推送"],
    [1, "成功"],
    [2, "失败"],
  ]),
  // Codes name the provider, since the SMS sender and the default templates are chosen by them.
  list("smsPlatform", "短信平台", [
    ["aliyun", "阿里云"],
    ["tencent", "腾讯云"],
  ]),
  list("wxAppType", "微信应用类型", [
    [1, "公众号"],
    [2, "小程序"],
    [3, "APP"],
  ]),
  // Payment channels number their app types differently from wechat accounts (docs/gaps.md §5).
  list("payAppType", "支付应用类型", [
    [1, "小程序"],
    [2, "公众号"],
    [3, "APP"],
  ]),
  list("orgType", "组织类型", [
    ["dept", "组织架构"],
    ["destination", "目的地"],
    ["goodsclass", "商品分类"],
    ["infoarea", "信息区域"],
  ]),
];
