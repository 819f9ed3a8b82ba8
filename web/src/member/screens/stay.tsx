import { useState } from "react";
import { addDays, todayInShanghai } from "../dates.ts";

/** The stay a search or a hotel is shown for: from the address (`in`, `out`) or tonight. */
export type Stay = { checkInDate: string; checkOutDate: string };

export function useStay(query: URLSearchParams) {
  const start = query.get("in") || todayInShanghai();
  const end = query.get("out") || addDays(start, 1);
  return useState<Stay>({ checkInDate: start, checkOutDate: end > start ? end : addDays(start, 1) });
}

export function StayDates({ stay, onChange }: { stay: Stay; onChange: (s: Stay) => void }) {
  const today = todayInShanghai();
  const setIn = (d: string) => onChange({ checkInDate: d, checkOutDate: stay.checkOutDate > d ? stay.checkOutDate : addDays(d, 1) });
  return (
    <div className="grid grid-cols-2 gap-2 text-sm">
      <label className="flex flex-col gap-1">
        入住日期
        <input
          type="date"
          min={today}
          value={stay.checkInDate}
          onChange={(e) => e.target.value && setIn(e.target.value)}
          className="h-11 rounded-lg border border-slate-300 px-2 text-base"
        />
      </label>
      <label className="flex flex-col gap-1">
        离店日期
        <input
          type="date"
          min={addDays(stay.checkInDate, 1)}
          value={stay.checkOutDate}
          onChange={(e) => e.target.value > stay.checkInDate && onChange({ ...stay, checkOutDate: e.target.value })}
          className="h-11 rounded-lg border border-slate-300 px-2 text-base"
        />
      </label>
    </div>
  );
}

/** The first picture of a record's picJson (`[{url}]` or `["url"]`), or nothing. */
export function firstPicture(picJson: string): string | undefined {
  try {
    const list = JSON.parse(picJson) as Array<string | { url?: string; picUrl?: string }>;
    const first = list[0];
    return typeof first === "string" ? first : (first?.url ?? first?.picUrl);
  } catch {
    return undefined;
  }
}

/** A search box: the word is searched on Enter or when the box is left. */
export function SearchField({ label, placeholder, value, onSearch }: { label: string; placeholder: string; value: string; onSearch: (word: string) => void }) {
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      defaultValue={value}
      onKeyDown={(e) => e.key === "Enter" && onSearch(e.currentTarget.value.trim())}
      onBlur={(e) => onSearch(e.currentTarget.value.trim())}
      className="h-11 w-full rounded-full border border-slate-300 bg-white px-4 text-base"
    />
  );
}
