import type { Column } from "../../ui/table/columns.ts";
import { Button } from "../../ui/Button.tsx";
import type { StatusHotel } from "./hotelTypes.ts";

/**
 * The rows and columns of the hotel status tree table: hotel rows (sums of their rooms, lowest
 * price) each followed by its room rows unless folded. Row key `${hotelId}-${roomId}` (docs/api.md).
 */
/** A hotel row or one of its room rows (a room row has no children). */
export type StatusLine = StatusHotel | StatusHotel["children"][number];

export function flatten(hotels: StatusHotel[], collapsed: Set<number>): StatusLine[] {
  return hotels.flatMap((h): StatusLine[] => [h, ...(collapsed.has(h.hotelId) ? [] : h.children)]);
}

const DAYS = [
  { id: "firstDate", name: "今天" },
  { id: "secondDate", name: "明天" },
  { id: "thirdDate", name: "后天" },
  { id: "lastDate", name: "最后一天" },
] as const;

/** "剩余/总数" and, for discount hotels, the price; "—" when the day has no status. */
export function cellText(line: StatusLine, date: string, withPrice: boolean): string {
  const c = date ? line.roomStatusList.find((s) => s.inDate === date) : undefined;
  if (!c) return "—";
  return `${c.freeCount}/${c.roomCount}${withPrice ? ` ¥${c.inPrice}` : ""}`;
}

function DayCell({ line, date, withPrice, showDate }: { line: StatusLine; date: string; withPrice: boolean; showDate: boolean }) {
  const c = date ? line.roomStatusList.find((s) => s.inDate === date) : undefined;
  if (!c) return <span className="text-slate-300">—</span>;
  const full = c.freeCount <= 0;
  return (
    <span className="whitespace-nowrap">
      {showDate && <span className="mr-1.5 text-xs text-slate-400">{date.slice(5)}</span>}
      <span className={full ? "text-red-600" : "text-emerald-700"}>{c.freeCount}</span>
      <span className="text-slate-400">/{c.roomCount}</span>
      {withPrice && <span className="ml-2 text-slate-700">¥{c.inPrice}</span>}
    </span>
  );
}

type Opts = { first?: StatusLine; withPrice: boolean; collapsed: Set<number>; toggle: (hotelId: number) => void; onEdit?: (line: StatusLine) => void };

export function statusColumns({ first, withPrice, collapsed, toggle, onEdit }: Opts): Column<StatusLine>[] {
  const isHotel = (l: StatusLine): l is StatusHotel => l.roomId === 0;
  return [
    {
      id: "name",
      header: "酒店 / 客房",
      text: (l) => (isHotel(l) ? l.hotelName : l.roomName),
      cell: (l) =>
        isHotel(l) ? (
          <button type="button" aria-expanded={!collapsed.has(l.hotelId)} onClick={() => toggle(l.hotelId)} className="inline-flex items-center gap-1 font-medium text-slate-800">
            <span aria-hidden className="w-3 text-xs text-slate-400">
              {l.children?.length ? (collapsed.has(l.hotelId) ? "▸" : "▾") : ""}
            </span>
            {l.hotelName}
            {l.idisplay === 0 && <span className="text-xs text-slate-400">（已禁用）</span>}
          </button>
        ) : (
          <span className="pl-5 text-slate-600">
            {l.roomName}
            {l.idisplay === 0 && <span className="text-xs text-slate-400">（已禁用）</span>}
          </span>
        ),
    },
    { id: "address", header: "地址", text: (l) => (isHotel(l) ? l.address : "") },
    ...DAYS.map((d): Column<StatusLine> => ({
      id: d.id,
      // Today, tomorrow and the day after are the same for every row; the last day is each hotel's own.
      header: d.id !== "lastDate" && first?.[d.id] ? `${d.name}（${first[d.id].slice(5)}）` : d.name,
      nowrap: true,
      text: (l) => cellText(l, l[d.id], withPrice),
      cell: (l) => <DayCell line={l} date={l[d.id]} withPrice={withPrice} showDate={d.id === "lastDate"} />,
    })),
    ...(onEdit
      ? [
          {
            id: "actions",
            header: "操作",
            hideable: false,
            exported: false,
            nowrap: true,
            cell: (l: StatusLine) =>
              isHotel(l) ? null : (
                <Button size="sm" variant="link" onClick={() => onEdit(l)}>
                  {withPrice ? "设置房态房价" : "设置房态"}
                </Button>
              ),
          },
        ]
      : []),
  ];
}
