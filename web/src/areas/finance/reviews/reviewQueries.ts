import { useQuery } from "@tanstack/react-query";
import type { StageName } from "@xiangyu/core/finance/purchase/status";
import { useApi } from "../../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../../lib/routeQuery.ts";
import type { DataOf, RowOf } from "../../../lib/contract.ts";

/**
 * The purchase review's reads and writes by route (docs/reviews.md): one list and one review route
 * per stage, one detail for all. A review makes every stage's list stale (the record moves on) and
 * the client and membership reads (the last pass credits weeks and makes the client a member).
 */
export const STAGE_ROUTES = {
  cashier: { list: "GET /xiangyu/api/finance/buylistbycashier", review: "POST /xiangyu/api/finance/buypassedbycashier" },
  finance: { list: "GET /xiangyu/api/finance/buylistbyfinance", review: "POST /xiangyu/api/finance/buypassedbyfinance" },
  memberService: { list: "GET /xiangyu/api/finance/buylistbyms", review: "POST /xiangyu/api/finance/buypassedbyms" },
} as const;
const DETAIL = "GET /xiangyu/api/finance/buylistdetail";

export type PurchaseRow = RowOf<"GET /xiangyu/api/finance/buylistbycashier">;
export type PurchaseDetail = DataOf<typeof DETAIL>;

const STALE = staleReads(
  "GET /xiangyu/api/finance/buylistbycashier",
  "GET /xiangyu/api/finance/buylistbyfinance",
  "GET /xiangyu/api/finance/buylistbyms",
  "GET /xiangyu/api/finance/buylistdetail",
  "GET /xiangyu/api/client/",
);

export function usePurchaseDetail(id: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, DETAIL, { id }), select: (r) => r.data, staleTime: 0 });
}

/** The stage's review; the server's desc (复核通过 / 已设为复核不通过) is the toast. */
export function useReview(stage: StageName) {
  const cashier = useRouteMutation(STAGE_ROUTES.cashier.review, { invalidates: STALE, success: "复核完成", kind: "handle" });
  const finance = useRouteMutation(STAGE_ROUTES.finance.review, { invalidates: STALE, success: "复核完成", kind: "handle" });
  const ms = useRouteMutation(STAGE_ROUTES.memberService.review, { invalidates: STALE, success: "复核完成", kind: "handle" });
  return { cashier, finance, memberService: ms }[stage];
}
