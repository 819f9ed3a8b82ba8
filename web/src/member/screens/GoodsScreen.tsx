import { useState } from "react";
import { Loaded, More, ScreenBar } from "../parts.tsx";
import { useMemberRead } from "../queries.ts";

const PAGE = 10;

/** The goods on shelf (GET goods/api/mp/list), a name to search. */
export default function GoodsScreen() {
  const [keyword, setKeyword] = useState("");
  const [pages, setPages] = useState(1);
  const goods = useMemberRead("GET /goods/api/mp/list", { keyword, currentPage: 1, pageSize: PAGE * pages });
  return (
    <>
      <ScreenBar title="商城" />
      <div className="px-3 pt-3">
        <input
          type="search"
          aria-label="商品名称"
          placeholder="搜索商品"
          onKeyDown={(e) => e.key === "Enter" && (setKeyword(e.currentTarget.value.trim()), setPages(1))}
          onBlur={(e) => setKeyword(e.currentTarget.value.trim())}
          className="h-11 w-full rounded-full border border-slate-300 bg-white px-4 text-base"
        />
      </div>
      <Loaded query={goods} empty="暂无商品" isEmpty={(r) => !r.dataList?.length}>
        {(r) => (
          <>
            <ul className="grid grid-cols-2 gap-2 p-3">
              {(r.dataList ?? []).map((g) => (
                <li key={g.id}>
                  <a href={`#/goods/${g.id}`} className="block overflow-hidden rounded-lg bg-white">
                    <img src={g.pictureTitle || undefined} alt="" className="aspect-square w-full bg-slate-200 object-cover" />
                    <p className="truncate px-2 pt-1 text-sm">{g.goodsName}</p>
                    <p className="px-2 pb-2 text-sm text-red-700">{g.price < 0 ? "价格面议" : `¥${g.price}`}</p>
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
