import { yuanText } from "../../ui/text/money.ts";
import type { OrderDetailData } from "./orderQueries.ts";
import { Section } from "./OrderFactParts.tsx";

const pictureOf = (raw: string) => {
  try {
    const list = JSON.parse(raw || "[]");
    return Array.isArray(list) ? String(list[0] ?? "") : raw;
  } catch {
    return raw;
  }
};

/** The order's goods lines: picture, name, room-nights and (not for club hotels) the amount. */
export function OrderGoodsLines({ d }: { d: OrderDetailData }) {
  const club = d.checkinType === "club";
  return (
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
  );
}
