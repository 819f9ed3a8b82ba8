import { useCallback, useMemo, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { today as todayOf } from "@xiangyu/core/kernel/clock";
import { useApi, useScreen } from "../../lib/screen.tsx";
import type { DataOf } from "../../lib/contract.ts";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { MonthInput } from "../../ui/pickers/MonthPicker.tsx";
import { failureText } from "../../ui/feedback/failure.ts";
import { ChartPanel } from "../../ui/chart/ChartPanel.tsx";
import type { Hotel } from "./hotelTypes.ts";
import { hotelQueries } from "./hotelQueries.ts";
import { monthRange, selectedDates, shiftMonth, type Selection } from "./calendarSelection.ts";
import { CalendarGrid } from "./CalendarGrid.tsx";
import { CalendarSetPanel } from "./CalendarSetPanel.tsx";
import { mayEditStatus } from "./statusRights.ts";
import { noRoomsSet, occupancy, occupancyOption } from "./occupancy.ts";

/**
 * 房态日历 (beyond the spec, docs/api.md roomcalendar): one hotel's month of rooms × days with
 * free/total rooms and prices, weekends and holidays marked. Staff pick rooms, a date range and
 * weekdays (e.g. every Friday and Saturday of next month) and set count and/or price at once.
 * Above the grid, the month's occupancy per day as a line (issue 36); a click on a day to come
 * selects that day for setting.
 */
export type Calendar = DataOf<"GET /xiangyu/api/hotel/roomcalendar">;
export type CalendarDay = Calendar["days"][number];
export type CalendarRoom = Calendar["rooms"][number];

export function RoomCalendar({ hotel, onClose }: { hotel: Pick<Hotel, "id" | "hotelName">; onClose: () => void }) {
  const api = useApi();
  const { rights } = useScreen();
  const [month, setMonth] = useState(() => todayOf().slice(0, 7));
  const [selection, setSelection] = useState<Selection>(() => ({ roomIds: [], weekdays: [], ...monthRange(todayOf().slice(0, 7), todayOf()) }));
  const q = useQuery({ ...hotelQueries.month(api, hotel.id, month), select: (r) => r.data, placeholderData: keepPreviousData });
  const cal = q.data;
  // Until the user picks rooms, all of them are meant.
  const roomIds = selection.roomIds.length ? selection.roomIds : (cal?.rooms.map((r) => r.roomId) ?? []);
  const marked = useMemo(() => selectedDates(selection), [selection]);

  const pickDay = useCallback((date: string) => setSelection((s) => ({ ...s, startDate: date, endDate: date })), []);

  function goTo(next: string) {
    setMonth(next);
    setSelection((s) => ({ ...s, ...monthRange(next, cal?.today ?? todayOf()) }));
  }

  return (
    <Modal open width="full" title={`房态日历：${hotel.hotelName}`} onClose={onClose}>
      <div className="flex h-full min-h-0 gap-4">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex items-center gap-2">
            <Button size="sm" onClick={() => goTo(shiftMonth(month, -1))}>
              ‹ 上月
            </Button>
            <MonthInput aria-label="月份" value={month} onChange={(m: string) => m && goTo(m)} className="w-36" />
            <Button size="sm" onClick={() => goTo(shiftMonth(month, 1))}>
              下月 ›
            </Button>
            <span className="ml-3 text-xs text-slate-500">
              格子中为 <b className="text-emerald-700">剩余</b>/总数{cal?.hotelType === 2 ? " 与房价（元）" : ""}；
              <span className="rounded bg-orange-50 px-1 text-orange-700">周末</span>、<span className="rounded bg-red-50 px-1 text-red-600">节假日</span>按周末计；蓝框为当前选择。
            </span>
          </div>
          {q.isError ? (
            <p className="text-sm text-red-600">{failureText(q.error, "view")}</p>
          ) : !cal ? (
            <p className="py-10 text-center text-sm text-slate-400">正在读取数据…</p>
          ) : (
            <>
              <Occupancy calendar={cal} onDay={mayEditStatus(rights) ? pickDay : undefined} />
              <CalendarGrid calendar={cal} marked={marked} roomIds={roomIds} loading={q.isFetching} />
            </>
          )}
        </div>
        {cal && mayEditStatus(rights) && <CalendarSetPanel calendar={cal} selection={{ ...selection, roomIds }} onSelection={setSelection} />}
      </div>
    </Modal>
  );
}

/** The month's occupancy: rooms taken over rooms set per day, from the calendar's own cells. */
function Occupancy({ calendar, onDay }: { calendar: Calendar; onDay?: (date: string) => void }) {
  const days = useMemo(() => occupancy(calendar), [calendar]);
  const option = useMemo(() => occupancyOption(days, calendar.today), [days, calendar.today]);
  const pick = useCallback(
    (p: { dataIndex: number }) => {
      const day = days[p.dataIndex];
      // Past days cannot be set.
      if (day && day.date >= calendar.today) onDay?.(day.date);
    },
    [days, calendar.today, onDay],
  );
  return (
    <ChartPanel
      title={`${calendar.month.replace("-", "年")}月入住率（全部客房）`}
      hint={onDay ? "点击今天及以后某日的点或日期，选中该日" : undefined}
      className="shrink-0"
      height={150}
      option={option}
      empty={noRoomsSet(days)}
      onPick={onDay ? pick : undefined}
    />
  );
}
