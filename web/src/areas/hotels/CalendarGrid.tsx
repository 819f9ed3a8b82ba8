import { useEffect, useRef } from "react";
import type { Calendar } from "./RoomCalendar.tsx";

/**
 * The month grid: a row per room, a column per day. Weekend days are tinted, holidays named in
 * red, past days greyed; cells the current selection covers are outlined.
 */
type Props = { calendar: Calendar; marked: Set<string>; roomIds: number[]; loading: boolean };

/** The room names' column, held at the left with a line and a shadow the days pass under. */
const HELD = "sticky left-0 border-r border-r-slate-200 px-2 py-1 text-left shadow-[4px_0_6px_-4px_rgb(0_0_0/0.12)]";

export function CalendarGrid({ calendar, marked, roomIds, loading }: Props) {
  const withPrice = calendar.hotelType === 2;
  const box = useRef<HTMLDivElement>(null);
  // The month opens at today (past days cannot be set): scroll today's column next to the room
  // names, by the names' real width (a long room name widens the held column).
  useEffect(() => {
    const th = box.current?.querySelector<HTMLElement>("th[data-today]");
    const names = box.current?.querySelector<HTMLElement>("thead th");
    if (box.current) box.current.scrollLeft = th ? th.offsetLeft - (names?.offsetWidth ?? 0) : 0;
  }, [calendar.hotelId, calendar.month]);
  const dayTint = (d: Calendar["days"][number]) => (d.holiday ? "bg-red-50" : d.kind === "weekend" ? "bg-orange-50" : "");
  return (
    <div ref={box} className="relative min-h-0 flex-1 overflow-auto rounded border border-slate-200" aria-busy={loading || undefined}>
      <table className="border-separate border-spacing-0 text-xs" aria-label="房态日历">
        <thead className="sticky top-0 z-10 bg-white">
          <tr>
            <th className={`${HELD} z-20 min-w-32 border-b border-slate-200 bg-slate-50 font-medium text-slate-600`}>客房 \ 日期</th>
            {calendar.days.map((d) => (
              <th
                key={d.date}
                data-today={d.date === calendar.today || undefined}
                title={d.holiday || undefined}
                className={`min-w-16 border-b border-slate-200 px-1 py-1 text-center font-normal not-last:border-r ${dayTint(d) || "bg-white"} ${d.date < calendar.today ? "[&>div]:opacity-50" : ""}`}
              >
                <div className={`font-medium ${d.date === calendar.today ? "text-blue-600" : "text-slate-700"}`}>{d.date.slice(8)}</div>
                <div className={d.kind === "weekend" ? "text-orange-600" : "text-slate-400"}>{d.week.replace("星期", "周")}</div>
                <div className="h-4 truncate text-red-600">{d.holiday}</div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.rooms.length === 0 && (
            <tr>
              <td colSpan={calendar.days.length + 1} className="px-3 py-8 text-center text-slate-400">
                该酒店还没有客房，请先在「客房设置」中添加
              </td>
            </tr>
          )}
          {calendar.rooms.map((room) => (
            <tr key={room.roomId}>
              <th scope="row" className={`${HELD} z-[5] border-b border-slate-100 bg-white font-normal whitespace-nowrap text-slate-700`}>
                {room.roomName}
                {room.idisplay === 0 && <span className="text-slate-400">（已禁用）</span>}
              </th>
              {room.cells.map((c, i) => {
                const d = calendar.days[i]!;
                const on = marked.has(d.date) && roomIds.includes(room.roomId);
                return (
                  <td
                    key={d.date}
                    data-date={d.date}
                    data-selected={on || undefined}
                    className={`border-b border-slate-100 px-1 py-1 text-center whitespace-nowrap not-last:border-r ${dayTint(d)} ${d.date < calendar.today ? "opacity-50" : ""} ${on ? "outline-2 -outline-offset-2 outline-blue-500" : ""}`}
                  >
                    {c ? (
                      <>
                        <div>
                          <span className={c.freeCount > 0 ? "text-emerald-700" : "text-red-600"}>{c.freeCount}</span>
                          <span className="text-slate-400">/{c.roomCount}</span>
                        </div>
                        {withPrice && <div className="text-slate-600">¥{c.inPrice}</div>}
                      </>
                    ) : (
                      <span className="text-slate-300">—</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
