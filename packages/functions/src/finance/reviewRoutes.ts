import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { ReviewDetailQuery, ReviewInput, ReviewListQuery } from "@xiangyu/core/finance/purchase/schemas";
import type { PurchaseView } from "@xiangyu/core/finance/purchase/review";

/**
 * The three-stage purchase review (R260–R276; docs/reviews.md): 收银复核 1905, 财务经理复核 1906,
 * 会员服务复核 1907, module "finance". Each stage's list and review are served only from its own
 * screen (the service checks the function's path), so the letters that count are those held on that
 * stage's function (R269): reviewing needs E, refused with 你没有复核权限.
 */
const FINANCE = ["finance"] as const;
const REVIEW = { scope: "department", right: "E", denial: "你没有复核权限", input: ReviewInput, reply: done() } as const;
const LIST = { scope: "department", input: ReviewListQuery, reply: list<PurchaseView>(), log: false } as const;

export const reviewRoutes = {
  "GET /xiangyu/api/finance/buylistbycashier": moduleRoute(FINANCE, LIST),
  "GET /xiangyu/api/finance/buylistbyfinance": moduleRoute(FINANCE, LIST),
  "GET /xiangyu/api/finance/buylistbyms": moduleRoute(FINANCE, LIST),
  "GET /xiangyu/api/finance/buylistdetail": moduleRoute(FINANCE, { scope: "department", input: ReviewDetailQuery, reply: data<PurchaseView>(), log: false }),
  "POST /xiangyu/api/finance/buypassedbycashier": moduleRoute(FINANCE, { ...REVIEW, log: "收银复核" }),
  "POST /xiangyu/api/finance/buypassedbyfinance": moduleRoute(FINANCE, { ...REVIEW, log: "财务经理复核" }),
  "POST /xiangyu/api/finance/buypassedbyms": moduleRoute(FINANCE, { ...REVIEW, log: "会员服务复核" }),
} satisfies RouteTable;
