import { ReviewList } from "./ReviewList.tsx";

/** /finance/buypassedbyms — 会员服务复核 (function 1907): purchases at status 3; its pass credits the membership (docs/reviews.md). */
export default function MemberServiceReviews() {
  return <ReviewList stage="memberService" />;
}
