import { MODIFICATION, PriceOrderList } from "./PriceOrderList.tsx";

/** /order/modifyproductprice (产品改价, function 1908): per-client prices of membership products (R365–R368). */
export default function PriceModification() {
  return <PriceOrderList variant={MODIFICATION} />;
}
