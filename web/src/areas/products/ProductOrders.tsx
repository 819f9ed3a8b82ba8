import { PURCHASE_ORDERS, PriceOrderList } from "./PriceOrderList.tsx";

/** /order/productlist (会员购买单, function 2202): the same records as purchase orders, with order no. and status (R370). */
export default function ProductOrders() {
  return <PriceOrderList variant={PURCHASE_ORDERS} />;
}
