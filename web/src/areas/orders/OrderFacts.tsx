import { yuanText, fenText } from "../../ui/money.ts";
import type { ReactNode } from "react";
import { refundStatusName } from "./orderTypes.ts";
import type { OrderDetailData } from "./orderQueries.ts";

/**
 * What the detail panel shows of an order (R129): goods lines, amounts, the stay and its occupants,
 * times, the refund (refundPrice in cents, shown ÷100, R152), follow-ups and the order's history.
 */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="border-t border-slate-100 pt-2">
      <h3 className="mb-1 text-xs font-medium text-slate-500">{title}</h3>
      {children}
    </section>
  );
}

/** Label/value pairs; empty values are left out. */
function Pairs({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, v]) => v !== "" && v !== null && v !== undefined);
  return (
    <dl className="grid grid-cols-[6.5rem_1fr] gap-x-2 gap-y-0.5">
      {shown.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="text-slate-800">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const pictureOf = (raw: string) => {
  try {
    const list = JSON.parse(raw || "[]");
    return Array.isArray(list) ? String(list[0] ?? "") : raw;
  } catch {
    return raw;
  }
};

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
      <Section title="商品">
        <ul className="flex flex-col gap-1">
          {d.orderDetail.map((g, i) => (
            <li key={i} className="flex items-center gap-2">
              {pictureOf(g.goodsPicture) ? (
                <img src={pictureOf(g.goodsPicture)} alt="" className="size-10 shrink-0 rounded object-cover" />
              ) : (
                <span aria-hidden className="size-10 shrink-0 rounded bg-slate-100" />
              )}
              <span className="flex-1 text-slate-800">{g.goodsName}</span>
              <span className="text-slate-500">
                {/* goodsCount is room-nights whatever the unit says (views.ts) */}
                {g.goodsCount} 间夜
              </span>
              {!club && <span className="w-20 text-right text-slate-800">¥{yuanText(g.priceCount, "0.00")}</span>}
            </li>
          ))}
        </ul>
      </Section>
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
      {d.followupDetail.length > 0 && (
        <Section title="回访记录">
          <ul className="flex flex-col gap-1">
            {d.followupDetail.map((f) => (
              <li key={f.id}>
                <span className="text-slate-500">{f.followupTime}</span> <span className="font-medium">{f.statusName}</span>
                {f.userName && <span className="text-slate-500"> · {f.userName}</span>}
                {f.content && <p className="text-slate-700">{f.content}</p>}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title="办理记录">
        {d.timeline.length === 0 ? (
          <p className="text-slate-400">暂无记录</p>
        ) : (
          <ol aria-label="订单时间线" className="relative ml-1.5 border-l border-slate-200">
            {d.timeline.map((e, i) => (
              <li key={i} className="relative mb-2 pl-3 last:mb-0">
                <span aria-hidden className="absolute top-1.5 -left-[4.5px] size-2 rounded-full bg-blue-500" />
                <div className="flex flex-wrap gap-x-2">
                  <span className="text-slate-500">{e.time}</span>
                  <span className="font-medium text-slate-800">{e.action}</span>
                  {e.toStatusName && <span className="text-blue-700">→ {e.toStatusName}</span>}
                  {e.userName && <span className="text-slate-500">{e.userName}</span>}
                </div>
                {e.note && <p className="text-slate-600">{e.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}
