import { screensOf } from "../../app/screen/entry.ts";

/** The finance area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("finance", () => import("./chunk.ts"), {
  "/finance/buypassedbycashier": ["reviews/CashierReviews"],
  "/finance/buypassedbyfinance": ["reviews/FinanceReviews"],
  "/finance/buypassedbyms": ["reviews/MemberServiceReviews"],
  "/finance/splitbillset": ["splitbill/SplitBillSettings"],
  "/finance/splitbill": ["splitbill/SplitBillSummary"],
  "/finance/statistics": ["splitbill/ShopStatistics"],
  "/finance/profitsharing": ["splitbill/ProfitSharingList"],
});
