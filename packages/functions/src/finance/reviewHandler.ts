import type { Impls } from "../http/app.ts";
import type { reviewRoutes } from "./reviewRoutes.ts";
import { ok } from "@xiangyu/core/kernel/envelope";
import { listStage, purchaseDetail, reviewPurchase } from "@xiangyu/core/finance/purchase/review";
import { REVIEW_MSG, IS_PASSED } from "@xiangyu/core/finance/purchase/rules";
import type { StageName } from "@xiangyu/core/finance/purchase/status";
import type { ReviewInput } from "@xiangyu/core/finance/purchase/schemas";

/** The purchase review's handlers (docs/reviews.md). */
const review =
  (stage: StageName) =>
  async ({ caller, input, actedOn }: { caller: Parameters<typeof reviewPurchase>[0]; input: ReviewInput; actedOn: (ids: number[]) => void }) => {
    actedOn([await reviewPurchase(caller, stage, input)]);
    return ok(undefined, input.isPassed === IS_PASSED.pass ? REVIEW_MSG.passed : REVIEW_MSG.failed);
  };

export const reviewImpls: Impls<typeof reviewRoutes> = {
  "GET /xiangyu/api/finance/buylistbycashier": async ({ caller, input }) => listStage(caller, "cashier", input.paging),
  "GET /xiangyu/api/finance/buylistbyfinance": async ({ caller, input }) => listStage(caller, "finance", input.paging),
  "GET /xiangyu/api/finance/buylistbyms": async ({ caller, input }) => listStage(caller, "memberService", input.paging),
  "GET /xiangyu/api/finance/buylistdetail": async ({ caller, input }) => ok(await purchaseDetail(caller, input.id)),
  "POST /xiangyu/api/finance/buypassedbycashier": review("cashier"),
  "POST /xiangyu/api/finance/buypassedbyfinance": review("finance"),
  "POST /xiangyu/api/finance/buypassedbyms": review("memberService"),
};
