import { ReviewList } from "./ReviewList.tsx";

/** /finance/buypassedbycashier — 收银复核 (function 1905): purchases at status 1 (docs/reviews.md). */
export default function CashierReviews() {
  return <ReviewList stage="cashier" />;
}
