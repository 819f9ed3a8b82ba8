import { yuanText } from "../../ui/text/money.ts";
import type { Draft } from "./bookingDraft.ts";

type StayRoom = NonNullable<Draft["room"]>;

/**
 * The hotel's rooms for the chosen dates, each with what is free on every night of the stay and its
 * price; a click anywhere on a free row picks it (the radio stays the keyboard's way in).
 */
export function StayRoomTable({ rooms, d, onChange }: { rooms: StayRoom[]; d: Draft; onChange: (patch: Partial<Draft>) => void }) {
  return (
    <table aria-label="可订客房" className="w-full text-sm">
      <thead className="bg-slate-50 text-slate-600">
        <tr>
          <th className="w-10 px-2 py-1.5" />
          <th className="px-2 py-1.5 text-left font-normal">客房</th>
          <th className="px-2 py-1.5 text-left font-normal">平日 / 周末</th>
          <th className="px-2 py-1.5 text-right font-normal">可订间数</th>
          <th className="px-2 py-1.5 text-left font-normal">每晚房价</th>
          <th className="px-2 py-1.5 text-right font-normal">每间合计</th>
        </tr>
      </thead>
      <tbody>
        {rooms.map((r) => {
          const full = r.freeCount <= 0;
          const club = r.hotelType === 1;
          const pick = () => {
            if (!full && d.room?.id !== r.id) onChange({ room: r, roomCount: Math.min(Number(d.roomCount) || 1, r.freeCount), experience: null });
          };
          // The whole row picks the room (the radio stays the keyboard's way in).
          return (
            <tr
              key={r.id}
              onClick={pick}
              className={`border-t border-slate-100 ${d.room?.id === r.id ? "bg-blue-50" : ""} ${full ? "text-slate-400" : "cursor-pointer hover:bg-blue-50/50"}`}
            >
              <td className="px-2 py-1.5 text-center">
                <input type="radio" name="room" aria-label={`选择客房 ${r.roomName}`} disabled={full} checked={d.room?.id === r.id} onChange={pick} className="accent-blue-600" />
              </td>
              <td className="px-2 py-1.5">{r.roomName}</td>
              <td className="px-2 py-1.5">
                {r.weekdayNights} 晚 / {r.weekendNights} 晚
              </td>
              <td className="px-2 py-1.5 text-right">{full ? "满房" : r.freeCount}</td>
              <td className="px-2 py-1.5 text-xs text-slate-500">
                {club ? "周次抵扣" : r.nights.map((n) => `${n.inDate.slice(5)} ¥${n.inPrice}${n.kind === "weekend" ? "(末)" : ""}`).join("，")}
              </td>
              <td className="px-2 py-1.5 text-right">{club ? "—" : `¥${yuanText(r.totalPrice, "0.00")}`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
