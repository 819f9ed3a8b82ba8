import { useState } from "react";
import { ScreenBar } from "../parts.tsx";
import { PagedList } from "../PagedList.tsx";
import { SearchField } from "./stay.tsx";

/** The goods on shelf (GET goods/api/mp/list), a name to search. */
export default function GoodsScreen() {
  const [keyword, setKeyword] = useState("");
  return (
    <>
      <ScreenBar title="商城" />
      <div className="px-3 pt-3">
        <SearchField label="商品名称" placeholder="搜索商品" value={keyword} onSearch={setKeyword} />
      </div>
      <PagedList
        route="GET /goods/api/mp/list"
        filters={{ keyword }}
        empty="暂无商品"
        className="grid grid-cols-2 gap-2 p-3"
        item={(g) => (
          <li key={g.id}>
            <a href={`#/goods/${g.id}`} className="block overflow-hidden rounded-lg bg-white">
              <img src={g.pictureTitle || undefined} alt="" className="aspect-square w-full bg-slate-200 object-cover" />
              <p className="truncate px-2 pt-1 text-sm">{g.goodsName}</p>
              <p className="px-2 pb-2 text-sm text-red-700">{g.price < 0 ? "价格面议" : `¥${g.price}`}</p>
            </a>
          </li>
        )}
      />
    </>
  );
}
