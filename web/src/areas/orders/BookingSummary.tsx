import { VOUCHER_CLASS_NAMES } from "@xiangyu/core/vouchers/ledger/plan";
import { fenText } from "../../ui/text/money.ts";
import { CLASSES, isClub, livePayment, type Draft } from "./bookingDraft.ts";

/** The last look before 提交: the client, the stay, what pays for it and the occupants. */
export function BookingSummary({ d }: { d: Draft }) {
  const classes = CLASSES.filter((c) => (d.classes[c] ?? 0) > 0);
  const b = livePayment(d, undefined).booking;
  const rows: [string, string][] = [
    ["客户", d.client ? `${d.client.clientName}（${d.client.mobile}）` : ""],
    ["酒店", d.room ? `${d.room.hotelName}（${isClub(d) ? "会员酒店" : "折扣酒店"}）` : ""],
    ["客房", d.room?.roomName ?? ""],
    ["入离日期", `${d.checkInDate} 至 ${d.checkOutDate}（${d.room?.nights.length ?? 0} 晚）`],
    ["预订客房数", `${d.roomCount} 间`],
    ...(isClub(d) && b ? ([["抵扣周次", `${b.weekCount} 周，平日散夜 ${b.weekstartCount} 晚，周末散夜 ${b.weekendCount} 晚`]] as [string, string][]) : []),
    ...(!isClub(d)
      ? ([
          [
            "房券",
            d.experience
              ? `${d.experience.ticketCount}晚体验券 ${d.experience.batchNo}`
              : classes.map((c) => `${VOUCHER_CLASS_NAMES[c]} ${d.classes[c]} 张`).join("，") || "不使用",
          ],
        ] as [string, string][])
      : []),
    ...(!isClub(d) && b ? ([["应付金额", `¥${fenText(b.totalPriceFen)}`]] as [string, string][]) : []),
    [
      "入住人",
      d.occupants
        .filter((o) => o.name.trim())
        .map((o) => `${o.name} ${o.mobile}`)
        .join("；") || "未填写",
    ],
  ];
  return (
    <dl aria-label="订单确认" className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1.5 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-right text-slate-500">{k}</dt>
          <dd className="text-slate-800">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
