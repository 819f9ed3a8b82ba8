import { useState } from "react";
import { Card, ScreenBar } from "../parts.tsx";
import { PagedList } from "../PagedList.tsx";
import type { ScreenProps } from "../screens.ts";
import { SearchField, StayDates, firstPicture, useStay } from "./stay.tsx";

/** Hotels with rooms free on every night of the stay (GET mp/hotels), their lowest price; a name to search. */
export default function HotelsScreen({ query }: ScreenProps) {
  const [stay, setStay] = useStay(query);
  const [keyword, setKeyword] = useState(query.get("keyword") ?? "");
  return (
    <>
      <ScreenBar title="预订酒店" />
      <Card>
        <StayDates stay={stay} onChange={setStay} />
        <div className="mt-3">
          <SearchField label="酒店名称" placeholder="搜索酒店名称" value={keyword} onSearch={setKeyword} />
        </div>
      </Card>
      <PagedList
        route="GET /xiangyu/api/mp/hotels"
        filters={{ ...stay, keyword }}
        empty="该日期暂无可订的酒店"
        item={(h) => (
          <li key={h.id}>
            <a href={`#/hotel/${h.id}?in=${stay.checkInDate}&out=${stay.checkOutDate}`} className="mx-3 my-2 flex gap-3 rounded-lg bg-white p-2">
              <img src={firstPicture(h.picJson)} alt="" className="size-20 shrink-0 rounded bg-slate-200 object-cover" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-[15px] font-medium">{h.hotelName}</p>
                <p className="truncate text-xs text-slate-500">{h.address}</p>
                <p className="mt-1 text-sm text-red-700">{h.hotelType === 1 ? "会员周次入住" : `¥${h.lowestPrice} 起`}</p>
                <p className="text-xs text-slate-500">剩余 {h.freeCount} 间</p>
              </div>
            </a>
          </li>
        )}
      />
    </>
  );
}
