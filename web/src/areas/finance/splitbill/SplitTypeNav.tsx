import type { useSettings } from "./splitQueries.ts";

type SplitType = NonNullable<ReturnType<typeof useSettings>["data"]>[number];

/** The split types on the left (from the settings, docs/gaps.md §8); the chosen one is marked as the current page. */
export function SplitTypeNav({ types, current, onPick }: { types: SplitType[]; current: number | undefined; onPick: (type: number) => void }) {
  return (
    <nav aria-label="分账类型" className="w-40 shrink-0 rounded border border-slate-200 bg-white py-2">
      {types.map((t) => (
        <button
          key={t.splitbillType}
          type="button"
          aria-current={t.splitbillType === current ? "page" : undefined}
          onClick={() => onPick(t.splitbillType)}
          className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-50 aria-[current=page]:bg-blue-50 aria-[current=page]:font-medium aria-[current=page]:text-blue-700"
        >
          {t.typeName}
        </button>
      ))}
    </nav>
  );
}
