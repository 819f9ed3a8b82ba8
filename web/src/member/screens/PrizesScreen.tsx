import { ScreenBar } from "../parts.tsx";
import { PagedList } from "../PagedList.tsx";

/** What I have won and whether it has been handed out (GET lotter/mp/records). */
export default function PrizesScreen() {
  return (
    <>
      <ScreenBar title="我的奖品" />
      <PagedList
        route="GET /gateway/api/lotter/mp/records"
        filters={{}}
        pageSize={20}
        empty="还没有中奖记录"
        item={(p) => (
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
        )}
      />
    </>
  );
}
