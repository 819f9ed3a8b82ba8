import { yuanText, fenText } from "../../ui/text/money.ts";
import { refundStatusName } from "./orderTypes.ts";
import type { OrderDetailData } from "./orderQueries.ts";
import { Pairs, Section } from "./OrderFactParts.tsx";
import { OrderGoodsLines } from "./OrderGoodsLines.tsx";
import { OrderHistory } from "./OrderHistory.tsx";

/**
 * What the detail panel shows of an order (R129): goods lines, amounts, the stay and its occupants,
 * times, the refund (refundPrice in cents, shown ÷100, R152), follow-ups and the order's history.
 */
export function OrderFacts({ d, shopName }: { d: OrderDetailData; shopName: (code: string) => string }) {
  const club = d.checkinType === "club";
  return (
    <>
      <Pairs
        items={[
          ["订单号", d.id],
          ["订单名称", d.orderName],
          ["客户", `${d.clientName}${d.clientMobile ? `（${d.clientMobile}）` : ""}`],
          ["门店", shopName(d.shop) || d.shop],
          ["下单人", d.createUserName],
        ]}
      />
      <OrderGoodsLines d={d} />
      <Section title="金额">
        <Pairs
          items={
            club
              ? [
                  ["支付方式", d.payTypeName],
                  ["抵扣周次", `${d.weekCount} 周 + 平日散夜 ${d.weekstartCount} 晚 + 周末散夜 ${d.weekendCount} 晚`],
                  ["间夜", `平日 ${d.deductionWeeksFristHalt} · 周末 ${d.deductionWeeksSecondHalt}`],
                ]
              : [
                  ["支付方式", d.payTypeName],
                  ["房费", `¥${yuanText(d.fullPrice, "0.00")}`],
                  ["房券抵扣", d.ticketCount ? `${d.ticketCount} 张，¥${yuanText(d.discountPrice, "0.00")}` : ""],
                  ["实付金额", `¥${yuanText(d.payAmount, "0.00")}`],
                  ["支付单号", d.outTradeNo],
                ]
          }
        />
      </Section>
      <Section title="入住">
        <Pairs
          items={[
            ["酒店", d.hotelName],
            ["客房", d.roomName],
            ["入离日期", d.checkinStartdate ? `${d.checkinStartdate} 至 ${d.checkinEnddate}` : ""],
            ["晚数 × 间数", `${d.checkinDays} 晚 × ${d.checkinRoomCount} 间`],
            ["入住人", d.checkInClientJson.length ? d.checkInClientJson.map((o) => `${o.name} ${o.mobile}`).join("；") : ""],
            ["备注", d.remark],
          ]}
        />
      </Section>
      <Section title="时间">
        <Pairs
          items={[
            ["预订时间", d.bookingTime],
            ["支付时间", d.payTime],
            ["审核时间", d.handleTime],
            ["审核说明", d.handleResult],
            ["申请退订", d.refundTime && d.refundReason ? `${d.refundTime}（${d.refundReason}）` : d.refundTime],
            ["退订处理", d.refundHandleTime ? `${d.refundHandleTime}${d.refundHandleResult ? `（${d.refundHandleResult}）` : ""}` : ""],
            ["取消时间", d.cancelTime],
            ["完成时间", d.completeTime],
          ]}
        />
      </Section>
      {d.refundDetail && (
        <Section title="退款">
          <Pairs
            items={[
              ["退款单号", d.refundDetail.id],
              ["退款金额", `¥${fenText(d.refundDetail.refundPrice)}`],
              ["退款原因", d.refundDetail.reason],
              ["退款状态", refundStatusName(d.refundDetail.status)],
              ["退款时间", d.refundDetail.refundTime],
            ]}
          />
        </Section>
      )}
      <OrderHistory d={d} />
    </>
  );
}
