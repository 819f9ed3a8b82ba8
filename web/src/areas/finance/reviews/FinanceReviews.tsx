import { ReviewList } from "./ReviewList.tsx";

/** /finance/buypassedbyfinance — 财务经理复核 (function 1906): purchases at status 2 (docs/reviews.md). */
export default function FinanceReviews() {
  return <ReviewList stage="finance" />;
}
