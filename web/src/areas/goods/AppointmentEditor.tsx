import { useState } from "react";
import { today } from "@xiangyu/core/kernel/clock";
import { copyConfig, earliestDate, singleConfig, syncConfig, slotKey, type SlotSpec } from "@xiangyu/core/goods/rules";
import { toast } from "../../lib/toast.ts";
import { cellInput, num, type EditorProps, type Row } from "./specRows.ts";
import { RowNumbers, SpecTable } from "./SpecTable.tsx";
import { CopySlotMaker, SingleSlotMaker, SyncSlotMaker, type SingleDraft } from "./SlotMakers.tsx";

const TABS = [
  ["single", "单个配置"],
  ["copy", "复制配置"],
  ["sync", "同步配置"],
] as const;

/** The appointment editor: the three ways of making slots (core goods/specs.ts) above the slot table. */
export function AppointmentEditor({ rows, setRows }: EditorProps) {
  const [tab, setTab] = useState<(typeof TABS)[number][0]>("single");
  const day = today();
  const min = earliestDate(day);
  // Each tab's typed values stay while another tab is open.
  const [single, setSingle] = useState<SingleDraft>({ range: { startDate: "", endDate: "" }, clock: { from: "", to: "" }, stock: { goodsCount: "", marketPrice: "", price: "" } });
  const [copy, setCopy] = useState({ from: "", to: "" });
  const [template, setTemplate] = useState("");
  const apply = (r: { ok: true; value: SlotSpec[] } | { ok: false; message: string }) => {
    if (!r.ok) return void toast.error(r.message);
    // The slot functions copy whole rows: a copy would carry its source's sales. What a saved spec has
    // sold (and whether it has orders, which keeps it from deletion) stays its own; a new slot has none.
    const saved = new Map(rows.filter((x) => x.id).map((x) => [x.id, x] as const));
    setRows(
      r.value.map((s) => {
        const own = s.id ? saved.get(s.id) : undefined;
        return { ...(s as Row), sold: own?.sold ?? 0, left: own?.left ?? 0, orderCount: own?.orderCount ?? 0 };
      }),
    );
  };
  const slots: SlotSpec[] = rows;
  const update = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const makeSingle = () => {
    const { range, clock, stock } = single;
    const slot = { startDate: range.startDate, endDate: range.endDate, startClock: clock.from, endClock: clock.to };
    apply(singleConfig(slots, { ...slot, goodsCount: num(stock.goodsCount), marketPrice: num(stock.marketPrice), price: num(stock.price) }, day));
  };
  const makeSync = () => {
    const [startTime = "", endTime = ""] = template.split("|");
    apply(syncConfig(slots, template ? { startTime, endTime } : undefined));
  };

  return (
    <>
      <div role="tablist" className="flex gap-1 border-b border-slate-200">
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => setTab(key)}
            className={`-mb-px border-b-2 px-3 py-1.5 text-sm ${tab === key ? "border-sky-600 text-sky-700" : "border-transparent text-slate-500"}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="flex flex-wrap items-end gap-3 rounded bg-slate-50 p-3 text-sm">
        {tab === "single" && <SingleSlotMaker draft={single} onDraft={setSingle} min={min} onMake={makeSingle} />}
        {tab === "copy" && <CopySlotMaker copy={copy} onCopy={setCopy} min={min} onMake={() => apply(copyConfig(slots, copy.from, copy.to, day))} />}
        {tab === "sync" && (
          <SyncSlotMaker template={template} onTemplate={setTemplate} options={rows.map((r) => ({ value: slotKey(r), label: r.specName || slotKey(r) }))} onMake={makeSync} />
        )}
      </div>
      <SpecTable
        rows={rows}
        head={["日期", "时段", "规格名称", "库存", "已售", "市场价", "销售价", "启用", ""]}
        render={(r, i) => (
          <>
            <td className="px-2 py-1 whitespace-nowrap">{r.startTime.slice(0, 10)}</td>
            <td className="px-2 py-1 whitespace-nowrap">
              {r.startTime.slice(11, 16)}-{r.endTime.slice(11, 16)}
            </td>
            <td className="px-2 py-1">
              <input aria-label={`规格名称${i + 1}`} className={cellInput} value={r.specName} maxLength={50} onChange={(e) => update(i, { specName: e.target.value })} />
            </td>
            <RowNumbers r={r} i={i} update={update} />
          </>
        )}
        onDelete={(i) => setRows(rows.filter((_, j) => j !== i))}
      />
    </>
  );
}
