import { GOODS_ORDER_STATUS_NAMES, type GoodsOrderStatus } from "@xiangyu/core/goods/orderStatus";
import { ScreenBar, Tap } from "../parts.tsx";
import { PagedList } from "../PagedList.tsx";
import { useMemberWrite } from "../queries.ts";

const UNPAID = 1;

/** My goods orders (GET goods/api/mp/order/list), paying one still unpaid. */
export default function GoodsOrdersScreen() {
  const pay = useMemberWrite("POST /goods/api/mp/order/pay", { success: "支付成功", stale: ["GET /goods/api/mp/order/list"] });
  return (
    <>
      <ScreenBar title="我的商品订单" />
      <PagedList
        route="GET /goods/api/mp/order/list"
        filters={{}}
        empty="还没有商品订单"
        item={(o) => (
          <li key={o.id} className="mx-3 my-2 rounded-lg bg-white p-3 text-sm">
            <div className="flex justify-between gap-2">
              <p className="truncate font-medium">{o.orderName}</p>
              <span className="shrink-0 text-red-700">{GOODS_ORDER_STATUS_NAMES[o.status as GoodsOrderStatus] ?? ""}</span>
            </div>
            <p className="text-slate-500">
              {o.specName} × {o.buyCount} · ¥{o.price}
            </p>
            <p className="text-xs text-slate-500">
              {o.globalId} · {o.orderTime}
            </p>
            {o.status === UNPAID && (
              <div className="mt-2 flex justify-end">
                <Tap busy={pay.isPending} onClick={() => pay.mutate({ orderId: o.id })}>
                  去支付
                </Tap>
              </div>
            )}
          </li>
        )}
      />
    </>
  );
}
