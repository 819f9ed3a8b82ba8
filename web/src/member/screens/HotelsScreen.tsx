import { useState } from "react";
import { Card, Loaded, More, ScreenBar } from "../parts.tsx";
import { useMemberRead } from "../queries.ts";
import type { ScreenProps } from "../screens.ts";
import { StayDates, firstPicture, useStay } from "./stay.tsx";

const PAGE = 10;

/** Hotels with rooms free on every night of the stay (GET mp/hotels), their lowest price; a name to search. */
export default function HotelsScreen({ query }: ScreenProps) {
  const [stay, setStay] = useStay(query);
  const [keyword, setKeyword] = useState(query.get("keyword") ?? "");
  const [pages, setPages] = useState(1);
  const hotels = useMemberRead("GET /xiangyu/api/mp/hotels", { ...stay, keyword, currentPage: 1, pageSize: PAGE * pages });
  return (
    <>
      <ScreenBar title="预订酒店" />
      <Card>
        <StayDates stay={stay} onChange={(s) => (setStay(s), setPages(1))} />
        <input
          type="search"
          aria-label="酒店名称"
          placeholder="搜索酒店名称"
          defaultValue={keyword}
          onKeyDown={(e) => e.key === "Enter" && (setKeyword(e.currentTarget.value.trim()), setPages(1))}
          onBlur={(e) => setKeyword(e.currentTarget.value.trim())}
          className="mt-3 h-11 w-full rounded-full border border-slate-300 px-4 text-base"
        />
      </Card>
      <Loaded query={hotels} empty="该日期暂无可订的酒店" isEmpty={(r) => !r.dataList?.length}>
        {(r) => (
          <>
            <ul>
              {(r.dataList ?? []).map((h) => (
                <li key={h.id}>
                  <a href={`#/hotel/${h.id}?in=${stay.checkInDate}&out=${stay.checkOutDate}`} className="mx-3 my-2 flex gap-3 rounded-lg bg-white p-2">
                    <img src={firstPicture(h.picJson)} alt="" className="size-20 shrink-0 rounded bg-slate-200 object-cover" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-[15px] font-medium">{h.hotelName}</p>
                      <p className="truncate text-xs text-slate-500">{h.address}</p>
                      <p className="mt-1 text-sm">
                        {h.hotelType === 1 ? <span className="text-red-700">会员周次入住</span> : <span className="text-red-700">¥{h.lowestPrice} 起</span>}
                      </p>
                      <p className="text-xs text-slate-500">剩余 {h.freeCount} 间</p>
                    </div>
                  </a>
                </li>
              ))}
            </ul>
            <More page={pages} pageSize={PAGE} total={r.pageParams?.maxCount ?? 0} onMore={() => setPages(pages + 1)} />
          </>
        )}
      </Loaded>
    </>
  );
}
