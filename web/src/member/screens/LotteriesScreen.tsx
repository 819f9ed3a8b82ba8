import { ScreenBar } from "../parts.tsx";
import { PagedList } from "../PagedList.tsx";

/** The lotteries open to me now, with my draws left (GET lotter/mp/list). */
export default function LotteriesScreen() {
  return (
    <>
      <ScreenBar title="抽奖活动" />
      <PagedList
        route="GET /gateway/api/lotter/mp/list"
        filters={{}}
        empty="暂无进行中的抽奖活动"
        item={(l) => (
          <li key={l.id}>
            <a
              href={`#/lottery/${l.id}`}
              className="mx-3 my-2 block overflow-hidden rounded-lg bg-white"
              style={{ background: l.bgColor || undefined, color: l.color || undefined }}
            >
              {l.bgPic && <img src={l.bgPic} alt="" className="h-28 w-full object-cover" />}
              <div className="p-3 text-sm">
                <p className="text-[15px] font-medium">{l.title}</p>
                <p className="text-xs opacity-80">截止 {l.endTime}</p>
                <p className="mt-1">{l.drawsLeft === null ? "不限次数" : `还可抽 ${l.drawsLeft} 次`}</p>
              </div>
            </a>
          </li>
        )}
      />
      <p className="pb-4 text-center">
        <a href="#/prizes" className="text-sm text-red-700 underline">
          我的奖品
        </a>
      </p>
    </>
  );
}
