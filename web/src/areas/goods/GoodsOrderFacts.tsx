import type { ReactNode } from "react";
import type { useOrderDetail } from "./goodsQueries.ts";
import { goodsTypeName, useOrderStatusName } from "./goodsTypes.ts";

type OrderDetail = NonNullable<ReturnType<typeof useOrderDetail>["data"]>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2 py-1 text-sm">
      <dt className="w-20 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 break-all text-slate-800">{children || "—"}</dd>
    </div>
  );
}

/** What the goods order detail shows: type, status, the line, amounts, times, payment and refunds. */
export function GoodsOrderFacts({ d }: { d: OrderDetail }) {
  const statusName = useOrderStatusName();
  return (
    <>
      <dl>
        <Fact label="订单号">{d.orderNo}</Fact>
        <Fact label="订单类型">{goodsTypeName(d.goodsType)}</Fact>
        <Fact label="订单状态">
          <span className="font-medium">{statusName(d.status)}</span>
        </Fact>
      </dl>
      <div className="my-2 flex gap-3 rounded border border-slate-200 p-2">
        {d.goodsPicture ? <img src={d.goodsPicture} alt="" className="h-14 w-14 rounded object-cover" /> : null}
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium text-slate-800">{d.goodsName}</p>
          <p className="text-slate-500">{d.specName}</p>
        </div>
        <div className="text-right text-sm">
          <p>¥{d.unitPrice.toFixed(2)}</p>
          <p className="text-slate-500">×{d.buyCount}</p>
        </div>
      </div>
      <dl>
        <Fact label="订单金额">¥{d.price.toFixed(2)}</Fact>
        <Fact label="会员">
          {d.realname} {d.mobile}
        </Fact>
        <Fact label="下单时间">{d.orderTime}</Fact>
        <Fact label="支付单号">{d.outTradeNo}</Fact>
        <Fact label="支付时间">{d.payTime}</Fact>
        <Fact label="备注">{d.remark}</Fact>
        {d.handleResult && <Fact label="处理结果">{d.handleResult}</Fact>}
        {d.handleTime && (
          <Fact label="处理">
            {d.handleUser} {d.handleTime}
          </Fact>
        )}
        {d.completeTime && <Fact label="完成时间">{d.completeTime}</Fact>}
        {d.cancelTime && <Fact label="取消时间">{d.cancelTime}</Fact>}
        {d.refundReason && <Fact label="退款原因">{d.refundReason}</Fact>}
        {d.refundDetail.map((r) => (
          <Fact key={r.id} label="退款">
            {r.id} ¥{(r.refundPrice / 100).toFixed(2)} {r.status === 1 ? `已退款 ${r.refundTime}` : r.status === 2 ? "退款失败" : "退款处理中"}
          </Fact>
        ))}
      </dl>
    </>
  );
}
