import { data, list, moduleRoute, type RouteTable } from "../http/define.ts";
import {
  ExchangeInput,
  GiftInput,
  HotelTicketListQuery,
  PurchaseIdInput,
  PurchaseInput,
  PurchaseListQuery,
  REVIEW_DENIAL,
  ReviewInput,
  RevokeInput,
} from "@xiangyu/core/vouchers/schemas";
import type { PurchaseView } from "@xiangyu/core/vouchers/purchases";
import type { GiftView } from "@xiangyu/core/vouchers/gifts";
import type { ExchangeView } from "@xiangyu/core/vouchers/exchanges";

/**
 * Room vouchers (module "vouchers": 房券购买单 1801, 赠送房券列表 1802, 兑换单列表 1803): purchase
 * orders and their payment, gift vouchers with review and revoke (R201: A create, P review,
 * D revoke), room-voucher exchange (A). The review's missing P answers R212's own 你没有审核权限
 * (`denial`) rather than the generic P text. Paths the spec leaves open are listed in docs/api.md.
 * Their payment (the provider's notice and the sandbox's) is the `payments` area, a Lambda of its own.
 */
const VOUCHERS = ["vouchers"] as const;
type Acted = { id: number; batchNo?: string };

/** One row of hotelticket/list: a gift batch (exchangeType 3) or an exchange order ('1,2'). */
export type HotelTicketRow = GiftView | ExchangeView;

export const routes = {
  "GET /xiangyu/api/hotel/product/ticketbuylist": moduleRoute(VOUCHERS, { scope: "department", input: PurchaseListQuery, reply: list<PurchaseView>(), log: false }),
  "GET /xiangyu/api/hotel/product/ticketbuyview": moduleRoute(VOUCHERS, { scope: "department", input: PurchaseIdInput, reply: data<PurchaseView>(), log: false }),
  "POST /xiangyu/api/hotel/product/ticketbuysave": moduleRoute(VOUCHERS, {
    scope: "department",
    right: "A",
    input: PurchaseInput,
    reply: data<PurchaseView>(),
    log: "新增房券购买单",
  }),
  "POST /xiangyu/api/hotel/product/ticketbuydelete": moduleRoute(VOUCHERS, {
    scope: "department",
    right: "D",
    input: PurchaseIdInput,
    reply: data<Acted>(),
    log: "删除房券购买单",
  }),
  "GET /xiangyu/api/order/hotelticket/list": moduleRoute(VOUCHERS, { scope: "department", input: HotelTicketListQuery, reply: list<HotelTicketRow>(), log: false }),
  "POST /xiangyu/api/order/hotelticket/giftticketsave": moduleRoute(VOUCHERS, { scope: "department", right: "A", input: GiftInput, reply: data<GiftView>(), log: "赠送房券" }),
  "POST /xiangyu/api/order/hotelticket/passed": moduleRoute(VOUCHERS, {
    scope: "department",
    right: "P",
    denial: REVIEW_DENIAL,
    input: ReviewInput,
    reply: data<Acted>(),
    log: "审核赠送房券",
  }),
  "POST /xiangyu/api/order/hotelticket/revoke": moduleRoute(VOUCHERS, {
    scope: "department",
    right: "D",
    input: RevokeInput,
    reply: data<Acted & { revoked: number }>(),
    log: "撤销赠送房券",
  }),
  "POST /xiangyu/api/order/hotelticket/exchange": moduleRoute(VOUCHERS, { scope: "department", right: "A", input: ExchangeInput, reply: data<ExchangeView>(), log: "房券兑换" }),
} satisfies RouteTable;
