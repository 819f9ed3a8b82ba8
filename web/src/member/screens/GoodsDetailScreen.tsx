import { useState } from "react";
import { HtmlPreview } from "../../designedPage/htmlPreview.tsx";
import { Card, Loaded, ScreenBar, Tap } from "../parts.tsx";
import { useMemberRead, useMemberWrite } from "../queries.ts";
import type { ScreenProps } from "../screens.ts";

/** One goods with its specs (GET goods/api/mp/view); ordering a spec and paying (POST goods/api/mp/order/create, …/pay). */
export default function GoodsDetailScreen({ params }: ScreenProps) {
  const goodsId = Number(params.id);
  const goods = useMemberRead("GET /goods/api/mp/view", { id: goodsId });
  const [specId, setSpecId] = useState(0);
  const [buyCount, setBuyCount] = useState(1);
  const order = useMemberWrite("POST /goods/api/mp/order/create", { success: "下单成功", stale: ["GET /goods/api/mp/order/list", "GET /goods/api/mp/view"] });
  const pay = useMemberWrite("POST /goods/api/mp/order/pay", { success: "支付成功", stale: ["GET /goods/api/mp/order/list"] });
  const buy = () =>
    order.mutate(
      { goodsId, specId, buyCount, remark: "" },
      { onSuccess: (r) => r.data && pay.mutate({ orderId: r.data.id }, { onSettled: () => (location.hash = "/goods-orders") }) },
    );
  return (
    <>
      <ScreenBar title="商品详情" />
      <Loaded query={goods}>
        {({ data: g }) =>
          g && (
            <>
              <img src={g.atlas[0] || g.pictureTitle || undefined} alt="" className="aspect-square w-full bg-slate-200 object-cover" />
              <Card>
                <h2 className="text-lg font-semibold">{g.goodsName}</h2>
                <p className="text-lg text-red-700">{g.price < 0 ? "价格面议" : `¥${g.price}`}</p>
                {g.address && <p className="text-sm text-slate-500">{g.address}</p>}
              </Card>
              <Card>
                <h3 className="mb-2 text-sm font-medium">选择规格</h3>
                {g.specList.length === 0 && <p className="text-sm text-slate-500">暂无可购买的规格</p>}
                <div className="flex flex-wrap gap-2">
                  {g.specList.map((s) => (
                    <button
                      key={s.id}
                      type="button"
                      aria-pressed={specId === s.id}
                      disabled={s.left < 1}
                      onClick={() => setSpecId(s.id)}
                      className={`min-h-11 rounded-lg border px-3 text-sm ${specId === s.id ? "border-red-700 text-red-700" : "border-slate-300"} disabled:text-slate-400`}
                    >
                      {s.specName} ¥{s.price}
                      {s.left < 1 ? "（已售罄）" : ""}
                    </button>
                  ))}
                </div>
                <label className="mt-3 flex items-center justify-between text-sm">
                  数量
                  <input
                    type="number"
                    min={1}
                    max={99}
                    value={buyCount}
                    onChange={(e) => setBuyCount(Math.max(1, Number(e.target.value) || 1))}
                    className="h-11 w-24 rounded-lg border border-slate-300 px-3 text-base"
                  />
                </label>
              </Card>
              {g.content && (
                <Card>
                  <HtmlPreview html={g.content} className="text-sm leading-relaxed [&_img]:my-2" />
                </Card>
              )}
              <div className="sticky bottom-0 flex justify-end bg-white p-3">
                <Tap busy={order.isPending || pay.isPending} disabled={!specId} onClick={buy}>
                  {specId ? "立即购买" : "请选择规格"}
                </Tap>
              </div>
            </>
          )
        }
      </Loaded>
    </>
  );
}
