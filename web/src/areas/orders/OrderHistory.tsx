import type { OrderDetailData } from "./orderQueries.ts";
import { Section } from "./OrderFactParts.tsx";

/** The order's follow-ups and its history (办理记录) as a timeline. */
export function OrderHistory({ d }: { d: OrderDetailData }) {
  return (
    <>
      {d.followupDetail.length > 0 && (
        <Section title="回访记录">
          <ul className="flex flex-col gap-1">
            {d.followupDetail.map((f) => (
              <li key={f.id}>
                <span className="text-slate-500">{f.followupTime}</span> <span className="font-medium">{f.statusName}</span>
                {f.userName && <span className="text-slate-500"> · {f.userName}</span>}
                {f.content && <p className="text-slate-700">{f.content}</p>}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title="办理记录">
        {d.timeline.length === 0 ? (
          <p className="text-slate-400">暂无记录</p>
        ) : (
          <ol aria-label="订单时间线" className="relative ml-1.5 border-l border-slate-200">
            {d.timeline.map((e, i) => (
              <li key={i} className="relative mb-2 pl-3 last:mb-0">
                <span aria-hidden className="absolute top-1.5 -left-[4.5px] size-2 rounded-full bg-blue-500" />
                <div className="flex flex-wrap gap-x-2">
                  <span className="text-slate-500">{e.time}</span>
                  <span className="font-medium text-slate-800">{e.action}</span>
                  {e.toStatusName && <span className="text-blue-700">→ {e.toStatusName}</span>}
                  {e.userName && <span className="text-slate-500">{e.userName}</span>}
                </div>
                {e.note && <p className="text-slate-600">{e.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}
