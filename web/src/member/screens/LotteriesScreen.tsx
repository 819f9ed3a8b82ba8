import { Loaded, ScreenBar } from "../parts.tsx";
import { useMemberRead } from "../queries.ts";

/** The lotteries open to me now, with my draws left (GET lotter/mp/list). */
export default function LotteriesScreen() {
  const list = useMemberRead("GET /gateway/api/lotter/mp/list", { currentPage: 1, pageSize: 20 });
  return (
    <>
      <ScreenBar title="抽奖活动" />
      <Loaded query={list} empty="暂无进行中的抽奖活动" isEmpty={(r) => !r.dataList?.length}>
        {(r) => (
          <ul>
            {(r.dataList ?? []).map((l) => (
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
            ))}
          </ul>
        )}
      </Loaded>
      <p className="pb-4 text-center">
        <a href="#/prizes" className="text-sm text-red-700 underline">
          我的奖品
        </a>
      </p>
    </>
  );
}
