import { useMemo, useState } from "react";
import { controlClass } from "../form/inputs.tsx";

/**
 * Two lists with titles (e.g. 待选客户 / 已选客户): tick items on one side and move them across.
 * The value is the keys on the right, in the order they were moved.
 */
export type TransferItem = { key: string; label: string; disabled?: boolean };
type Props = { items: TransferItem[]; value: string[]; onChange: (keys: string[]) => void; titles?: [string, string]; searchable?: boolean; emptyText?: [string, string] };

export function Transfer({ items, value, onChange, titles = ["待选", "已选"], searchable = true, emptyText = ["暂无数据", "暂无数据"] }: Props) {
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const byKey = useMemo(() => new Map(items.map((i) => [i.key, i])), [items]);
  const left = items.filter((i) => !value.includes(i.key));
  const right = value.map((k) => byKey.get(k)).filter((i): i is TransferItem => !!i);

  const tick = (key: string) =>
    setTicked((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const move = (from: TransferItem[], toRight: boolean) => {
    const moving = from.filter((i) => ticked.has(i.key) && !i.disabled).map((i) => i.key);
    if (!moving.length) return;
    onChange(toRight ? [...value, ...moving] : value.filter((k) => !moving.includes(k)));
    setTicked((s) => new Set([...s].filter((k) => !moving.includes(k))));
  };

  const arrow = "flex size-7 items-center justify-center rounded border border-slate-300 bg-white text-slate-600 hover:border-blue-500 hover:text-blue-600 disabled:opacity-40";
  return (
    <div className="flex items-center gap-3">
      <Pane title={titles[0]} items={left} ticked={ticked} onTick={tick} onTickAll={setTicked} searchable={searchable} empty={emptyText[0]} />
      <div className="flex flex-col gap-2">
        <button type="button" aria-label="移到右侧" className={arrow} disabled={!left.some((i) => ticked.has(i.key))} onClick={() => move(left, true)}>
          ›
        </button>
        <button type="button" aria-label="移到左侧" className={arrow} disabled={!right.some((i) => ticked.has(i.key))} onClick={() => move(right, false)}>
          ‹
        </button>
      </div>
      <Pane title={titles[1]} items={right} ticked={ticked} onTick={tick} onTickAll={setTicked} searchable={searchable} empty={emptyText[1]} />
    </div>
  );
}

type PaneProps = {
  title: string;
  items: TransferItem[];
  ticked: Set<string>;
  onTick: (key: string) => void;
  onTickAll: (f: (s: Set<string>) => Set<string>) => void;
  searchable: boolean;
  empty: string;
};

function Pane({ title, items, ticked, onTick, onTickAll, searchable, empty }: PaneProps) {
  const [q, setQ] = useState("");
  const shown = q ? items.filter((i) => i.label.includes(q.trim())) : items;
  const selectable = shown.filter((i) => !i.disabled);
  const all = selectable.length > 0 && selectable.every((i) => ticked.has(i.key));
  const count = items.filter((i) => ticked.has(i.key)).length;
  return (
    <section aria-label={title} className="flex h-72 w-60 flex-col rounded border border-slate-200 bg-white">
      <header className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-3 py-2 text-sm">
        <input
          type="checkbox"
          aria-label={`全选${title}`}
          className="accent-blue-600"
          checked={all}
          onChange={() =>
            onTickAll((s) => {
              const next = new Set(s);
              selectable.forEach((i) => (all ? next.delete(i.key) : next.add(i.key)));
              return next;
            })
          }
        />
        <span className="flex-1 font-medium text-slate-700">{title}</span>
        <span className="text-xs text-slate-400">
          {count}/{items.length}
        </span>
      </header>
      {searchable && (
        <div className="px-2 pt-2">
          <input type="search" aria-label={`搜索${title}`} placeholder="搜索" value={q} onChange={(e) => setQ(e.target.value)} className={`${controlClass} w-full`} />
        </div>
      )}
      <ul className="min-h-0 flex-1 overflow-auto p-1">
        {shown.map((i) => (
          <li key={i.key}>
            <label className={`flex items-center gap-2 rounded px-2 py-1 text-sm ${i.disabled ? "text-slate-300" : "text-slate-700 hover:bg-slate-50"}`}>
              <input type="checkbox" className="accent-blue-600" disabled={i.disabled} checked={ticked.has(i.key)} onChange={() => onTick(i.key)} />
              {i.label}
            </label>
          </li>
        ))}
        {shown.length === 0 && <li className="py-6 text-center text-xs text-slate-400">{q ? "暂无数据" : empty}</li>}
      </ul>
    </section>
  );
}
