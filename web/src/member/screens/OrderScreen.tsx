import { useState } from "react";
import { Card, Loaded, Row, ScreenBar, Tap } from "../parts.tsx";
import { useMemberRead, useMemberWrite } from "../queries.ts";
import type { ScreenProps } from "../screens.ts";

/** One hotel order (GET mp/order/view): the stay, what paid for it, its history, and cancelling or asking a refund when the rules allow (POST mp/order/cancel). */
export default function OrderScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  const order = useMemberRead("GET /xiangyu/api/mp/order/view", { id });
  return (
    <>
      <ScreenBar title="订单详情" />
      <Loaded query={order}>
        {({ data: o }) =>
          o && (
            <>
              <Card>
                <div className="flex items-center justify-between">
                  <h2 className="text-base font-semibold">{o.hotelName}</h2>
                  <span className="text-red-700" data-status>
                    {o.statusName}
                  </span>
                </div>
                <Row label="房型">
                  {o.roomName} × {o.checkinRoomCount}
                </Row>
                <Row label="入住">
                  {o.checkinStartdate} 至 {o.checkinEnddate}（{o.checkinDays} 晚）
                </Row>
                <Row label="支付方式">{o.payTypeName}</Row>
                {o.deductionWeeks > 0 && <Row label="扣除周次">{o.deductionWeeks}</Row>}
                {o.ticketCount > 0 && <Row label="使用房券">{o.ticketCount} 张</Row>}
                {o.price > 0 && <Row label="金额">¥{o.price}</Row>}
                {o.occupants.map((p, i) => (
                  <Row key={i} label={i ? "" : "入住人"}>
                    {p.name} {p.mobile}
                  </Row>
                ))}
                <Row label="下单时间">{o.bookingTime}</Row>
                {o.handleResult && <Row label="处理结果">{o.handleResult}</Row>}
              </Card>
              {o.timeline.length > 0 && (
                <Card>
                  <h3 className="mb-1 text-sm font-medium">订单进度</h3>
                  <ol className="flex flex-col gap-1 text-sm">
                    {o.timeline.map((e, i) => (
                      <li key={i} className="flex gap-2">
                        <span className="shrink-0 text-slate-500">{e.time.slice(5, 16)}</span>
                        <span>{e.action}</span>
                      </li>
                    ))}
                  </ol>
                </Card>
              )}
              {o.awaitingPayment && <PayOrder id={id} price={o.price} deadline={o.payDeadline} />}
              {o.cancel && <CancelOrder id={id} kind={o.cancel} />}
            </>
          )
        }
      </Loaded>
    </>
  );
}

/** Cancelling the order, or asking its refund once confirmed: a reason, then a confirmation (never one tap). */
function CancelOrder({ id, kind }: { id: number; kind: "cancel" | "refund" }) {
  const cancel = useMemberWrite("POST /xiangyu/api/mp/order/cancel", { stale: ["GET /xiangyu/api/mp/order/view", "GET /xiangyu/api/mp/orders", "GET /xiangyu/api/mp/membership"] });
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  return asking ? (
    <Card>
      <label className="flex flex-col gap-1 text-sm">
        {kind === "refund" ? "退款原因" : "取消原因"}
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} className="rounded-lg border border-slate-300 p-2 text-base" />
      </label>
      <div className="mt-3 flex justify-end gap-2">
        <Tap kind="plain" onClick={() => setAsking(false)}>
          再想想
        </Tap>
        <Tap busy={cancel.isPending} onClick={() => cancel.mutate({ id, reason }, { onSuccess: () => setAsking(false) })}>
          {kind === "refund" ? "确认申请" : "确认取消"}
        </Tap>
      </div>
    </Card>
  ) : (
    <div className="flex justify-center py-3">
      <Tap kind="plain" onClick={() => setAsking(true)}>
        {kind === "refund" ? "申请退款" : "取消订单"}
      </Tap>
    </div>
  );
}

/** Paying an order that owes money (POST mp/order/pay; the sandbox provider on one machine) before its deadline. */
function PayOrder({ id, price, deadline }: { id: number; price: number; deadline: string }) {
  const pay = useMemberWrite("POST /xiangyu/api/mp/order/pay", { success: "支付成功", stale: ["GET /xiangyu/api/mp/order/view", "GET /xiangyu/api/mp/orders"] });
  return (
    <Card className="flex items-center justify-between gap-3">
      <p className="text-sm">
        待支付 <strong className="text-red-700">¥{price}</strong>
        {deadline && <span className="block text-xs text-slate-500">请在 {deadline.slice(11, 16)} 前支付，逾期订单自动关闭</span>}
      </p>
      <Tap busy={pay.isPending} onClick={() => pay.mutate({ id })}>
        去支付
      </Tap>
    </Card>
  );
}
