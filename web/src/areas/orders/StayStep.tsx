import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { daysBetween } from "@xiangyu/core/hotels/nights";
import { MAX_NIGHTS, MAX_ROOMS } from "@xiangyu/core/orders/booking";
import { useApi } from "../../lib/screen.tsx";
import { hotelQueries } from "../hotels/hotelQueries.ts";
import { Field } from "../../ui/form/Field.tsx";
import { NumberInput } from "../../ui/form/inputs.tsx";
import { SearchSelect } from "../../ui/pickers/SearchSelect.tsx";
import { DateRangeInput } from "../../ui/pickers/DateRangePicker.tsx";
import { failureText } from "../../ui/feedback/failure.ts";

import type { Draft } from "./bookingDraft.ts";
import { StayRoomTable } from "./StayRoomTable.tsx";

/**
 * Step 2: hotel, check-in and check-out (no past days, R167), the room — each with what is free on
 * every night of the stay and its price — and how many rooms.
 */
const TYPE_NAME: Record<number, string> = { 1: "会员酒店", 2: "折扣酒店" };

type Props = { draft: Draft; today: string; error?: string; onChange: (patch: Partial<Draft>) => void };

export function StayStep({ draft: d, today, error, onChange }: Props) {
  const api = useApi();
  const hotels = useQuery({ ...hotelQueries.options(api), select: (r) => r.dataList ?? [], staleTime: 60_000 });
  const datesOk = !!d.checkInDate && d.checkOutDate > d.checkInDate && d.checkInDate >= today && daysBetween(d.checkInDate, d.checkOutDate) <= MAX_NIGHTS;
  const rooms = useQuery({
    ...hotelQueries.stayRooms(api, d.hotel?.id ?? 0, d.checkInDate, d.checkOutDate),
    select: (r) => r.dataList ?? [],
    enabled: !!d.hotel && datesOk,
    staleTime: 0,
  });

  // The chosen room follows the fresh read (free counts and prices of these dates). It settles in
  // one step: once the draft holds the fresh row (or none), nothing differs and nothing is sent.
  const chosen = d.room;
  useEffect(() => {
    if (!rooms.data || !chosen) return;
    const fresh = rooms.data.find((r) => r.id === chosen.id);
    if (fresh !== chosen) onChange({ room: fresh ?? null });
  }, [rooms.data, chosen, onChange]);

  const options = (hotels.data ?? []).map((h) => ({ value: h.id, label: `${h.hotelName}（${TYPE_NAME[h.hotelType] ?? ""}）` }));
  const nights = datesOk ? daysBetween(d.checkInDate, d.checkOutDate) : 0;

  return (
    <div className="flex flex-col gap-1">
      <Field label="酒店" required>
        <SearchSelect
          aria-label="酒店"
          value={d.hotel?.id ?? ""}
          options={options}
          placeholder={hotels.isPending ? "正在读取酒店…" : "请选择酒店"}
          onChange={(id) => onChange({ hotel: hotels.data?.find((h) => h.id === id) ?? null, room: null, classes: {}, experience: null })}
          className="w-96"
        />
      </Field>
      <Field label="入离日期" required hint={nights ? `共 ${nights} 晚` : `最多预订${MAX_NIGHTS}晚`}>
        <DateRangeInput
          label="入离日期"
          labels={["入住日期", "离店日期"]}
          value={{ startDate: d.checkInDate, endDate: d.checkOutDate }}
          min={today}
          minNights={1}
          shortcuts={false}
          onChange={(r) => onChange({ checkInDate: r.startDate, checkOutDate: r.endDate, room: null, experience: null })}
        />
      </Field>
      {d.hotel && datesOk && (
        <div className="py-1.5">
          {rooms.isPending ? (
            <p className="text-center text-sm text-slate-400">正在读取客房…</p>
          ) : rooms.isError ? (
            <p className="text-center text-sm text-red-600">{failureText(rooms.error, "list")}</p>
          ) : (rooms.data ?? []).length === 0 ? (
            <p className="text-center text-sm text-slate-400">该酒店没有可预订的客房</p>
          ) : (
            <StayRoomTable rooms={rooms.data!} d={d} onChange={onChange} />
          )}
        </div>
      )}
      <Field label="预订客房数" required hint={d.room ? `最多 ${Math.min(d.room.freeCount, MAX_ROOMS)} 间` : undefined}>
        <NumberInput
          aria-label="预订客房数"
          min={1}
          max={d.room ? Math.min(d.room.freeCount, MAX_ROOMS) : MAX_ROOMS}
          value={d.roomCount}
          onChange={(v) => onChange({ roomCount: v === "" ? "" : Math.max(0, Math.floor(Number(v))), ...(Number(v) !== 1 ? { experience: null } : {}) })}
          className="w-32"
        />
      </Field>
      {error && (
        <p role="alert" className="text-center text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
