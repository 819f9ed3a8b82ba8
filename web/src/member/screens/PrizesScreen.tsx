import { useState } from "react";
import { Loaded, More, ScreenBar } from "../parts.tsx";
import { useMemberRead } from "../queries.ts";

const PAGE = 20;

/** What I have won and whether it has been handed out (GET lotter/mp/records). */
export default function PrizesScreen() {
  const [pages, setPages] = useState(1);
  const records = useMemberRead("GET /gateway/api/lotter/mp/records", { currentPage: 1, pageSize: PAGE * pages });
  return (
    <>
      <ScreenBar title="我的奖品" />
      <Loaded query={records} empty="还没有中奖记录" isEmpty={(r) => !r.dataList?.length}>
        {(r) => (
          <>
            <ul>
              {(r.dataList ?? []).map((p) => (
                <li key={p.id} className="mx-3 my-2 rounded-lg bg-white p-3 text-sm">
                  <div className="flex justify-between gap-2">
                    <p className="font-medium">{p.prizeName}</p>
                    <span className="shrink-0 text-red-700">{p.distribution}</span>
                  </div>
                  <p className="text-xs text-slate-500">
                    {p.lotteryTitle} · {p.participationTime}
                  </p>
                  {p.prizeTips && <p className="mt-1 text-slate-600">{p.prizeTips}</p>}
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
