import { useState } from "react";
import { today } from "@xiangyu/core/kernel/clock";
import { GOODS_TYPES } from "@xiangyu/core/goods/schemas";
import { SPEC_NAME_MAX, bulkSet, checkBeforeSave, copyConfig, earliestDate, newGeneralSpec, singleConfig, syncConfig, slotKey, type SlotSpec } from "@xiangyu/core/goods/rules";
import { toast } from "../../lib/toast.ts";
import { useScreen } from "../../lib/screen.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { DateInput } from "../../ui/DatePicker.tsx";
import { DateRangeInput, type DayRange } from "../../ui/DateRangePicker.tsx";
import { ImageUploader } from "../../ui/ImageUploader.tsx";
import { Select } from "../../ui/form/inputs.tsx";
import { useSaveSpecs, useSpecPage, type Spec } from "./goodsQueries.ts";

/**
 * The specification modal (1000 wide, R408): reads the goods' type and specs, shows the editor for
 * the type — appointments the date-and-slot editor with its single / copy / sync tabs, goods and
 * virtual goods the general editor (virtual without pictures) — and an unknown type says
 * 商品性质设置有误 (R407). Every change stays in the modal until 保存 (R422), which sends the whole list.
 */
type Row = {
  id: number;
  specName: string;
  startTime: string;
  endTime: string;
  imageUrl: string;
  specUnit: string;
  marketPrice: number;
  price: number;
  goodsCount: number;
  idisplay: number;
  sold?: number;
  left?: number;
  orderCount?: number;
};

const toRow = (s: Spec): Row => ({
  id: s.id,
  specName: s.specName ?? "",
  startTime: s.startTime ?? "",
  endTime: s.endTime ?? "",
  imageUrl: s.imageUrl ?? "",
  specUnit: s.specUnit ?? "",
  marketPrice: s.marketPrice,
  price: s.price,
  goodsCount: s.goodsCount ?? 0,
  idisplay: s.idisplay ?? 1,
  sold: s.sold,
  left: s.left,
  orderCount: s.orderCount,
});
const num = (s: string) => (s.trim() === "" ? 0 : Number(s));
const cellInput = "h-7 w-full rounded border border-slate-300 px-1.5 text-sm disabled:bg-slate-50";

export function SpecModal({ id, onClose }: { id: number; onClose: () => void }) {
  const page = useSpecPage(id);
  const info = page.data?.goodsInfo;
  const known = info && (GOODS_TYPES as readonly string[]).includes(info.goodsType);
  return (
    <Modal open width={1000} title={info ? `规格设置：${info.goodsName}` : "规格设置"} onClose={onClose}>
      {page.isError ? (
        <p className="text-sm text-red-600">{page.error.message}</p>
      ) : !page.data || !info ? (
        <p className="py-10 text-center text-sm text-slate-400">正在读取数据…</p>
      ) : !known ? (
        <p className="text-sm text-red-600">商品性质设置有误</p>
      ) : (
        <SpecEditor id={id} goodsType={info.goodsType} initial={page.data.specList.map(toRow)} onClose={onClose} />
      )}
    </Modal>
  );
}

function SpecEditor({ id, goodsType, initial, onClose }: { id: number; goodsType: string; initial: Row[]; onClose: () => void }) {
  const { rights } = useScreen();
  const [rows, setRows] = useState<Row[]>(initial);
  const save = useSaveSpecs();
  const general = goodsType !== "appointment";

  async function submit() {
    const problem = checkBeforeSave(rows, general);
    if (problem) return void toast.error(problem);
    try {
      await save.mutateAsync({ id, specList: JSON.stringify(rows) });
      onClose();
    } catch {
      // unwrap has toasted the refusal; the rows stay as edited.
    }
  }

  return (
    <div className="space-y-3">
      {general ? <GeneralEditor rows={rows} setRows={setRows} pictures={goodsType === "goods"} /> : <AppointmentEditor rows={rows} setRows={setRows} />}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
        <Button onClick={onClose}>取消</Button>
        {rights.e && (
          <Button variant="primary" busy={save.isPending} onClick={() => void submit()}>
            保存
          </Button>
        )}
      </div>
    </div>
  );
}

type EditorProps = { rows: Row[]; setRows: (rows: Row[]) => void };

/** One editable cell of a row: numbers as typed, sent as numbers. */
function NumberCell({ value, onChange, label, disabled }: { value: number; onChange: (n: number) => void; label: string; disabled?: boolean }) {
  const [text, setText] = useState(String(value));
  return (
    <input
      aria-label={label}
      className={cellInput}
      inputMode="decimal"
      value={text}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        const n = num(text);
        if (Number.isFinite(n) && n >= 0) onChange(n);
        else setText(String(value));
      }}
    />
  );
}

const TABS = [
  ["single", "单个配置"],
  ["copy", "复制配置"],
  ["sync", "同步配置"],
] as const;

/** The appointment editor: the three ways of making slots (core goods/specs.ts) above the slot table. */
function AppointmentEditor({ rows, setRows }: EditorProps) {
  const [tab, setTab] = useState<(typeof TABS)[number][0]>("single");
  const day = today();
  const min = earliestDate(day);
  const [range, setRange] = useState<DayRange>({ startDate: "", endDate: "" });
  const [clock, setClock] = useState({ from: "", to: "" });
  const [stock, setStock] = useState({ goodsCount: "", marketPrice: "", price: "" });
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
  const slots = rows as unknown as SlotSpec[];
  const update = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

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
        {tab === "single" && (
          <>
            <div className="flex flex-col gap-1">
              <span>日期</span>
              <DateRangeInput value={range} onChange={setRange} min={min} label="日期" labels={["开始日期", "结束日期"]} />
            </div>
            <label className="flex flex-col gap-1">
              服务开始
              <input type="time" aria-label="服务开始时间" className={cellInput} value={clock.from} onChange={(e) => setClock({ ...clock, from: e.target.value })} />
            </label>
            <label className="flex flex-col gap-1">
              服务结束
              <input type="time" aria-label="服务结束时间" className={cellInput} value={clock.to} onChange={(e) => setClock({ ...clock, to: e.target.value })} />
            </label>
            {(
              [
                ["goodsCount", "库存"],
                ["marketPrice", "市场价"],
                ["price", "销售价"],
              ] as const
            ).map(([k, label]) => (
              <label key={k} className="flex w-24 flex-col gap-1">
                {label}
                <input aria-label={label} className={cellInput} inputMode="decimal" value={stock[k]} onChange={(e) => setStock({ ...stock, [k]: e.target.value })} />
              </label>
            ))}
            <Button
              variant="primary"
              onClick={() =>
                apply(
                  singleConfig(
                    slots,
                    {
                      startDate: range.startDate,
                      endDate: range.endDate,
                      startClock: clock.from,
                      endClock: clock.to,
                      goodsCount: num(stock.goodsCount),
                      marketPrice: num(stock.marketPrice),
                      price: num(stock.price),
                    },
                    day,
                  ),
                )
              }
            >
              生成
            </Button>
          </>
        )}
        {tab === "copy" && (
          <>
            <label className="flex flex-col gap-1">
              待复制日期
              <DateInput aria-label="待复制日期" value={copy.from} onChange={(d: string) => setCopy({ ...copy, from: d })} />
            </label>
            <label className="flex flex-col gap-1">
              目标日期
              <DateInput aria-label="目标日期" value={copy.to} min={min} onChange={(d: string) => setCopy({ ...copy, to: d })} />
            </label>
            <Button variant="primary" onClick={() => apply(copyConfig(slots, copy.from, copy.to, day))}>
              复制
            </Button>
            <span className="text-xs text-slate-500">目标日期已有的相同时段会被替换</span>
          </>
        )}
        {tab === "sync" && (
          <>
            <label className="flex flex-col gap-1">
              模板规格
              <Select
                aria-label="模板规格"
                value={template}
                onChange={(v) => setTemplate(String(v ?? ""))}
                placeholder="请选择模板规格"
                options={rows.map((r) => ({ value: slotKey(r), label: r.specName || slotKey(r) }))}
              />
            </label>
            <Button
              variant="primary"
              onClick={() => {
                const [startTime = "", endTime = ""] = template.split("|");
                apply(syncConfig(slots, template ? { startTime, endTime } : undefined));
              }}
            >
              同步
            </Button>
            <span className="text-xs text-slate-500">把模板的库存和价格同步到之后每天的同一时段</span>
          </>
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

/** Stock, sold, prices and the flag: the columns both editors share. */
function RowNumbers({ r, i, update }: { r: Row; i: number; update: (i: number, patch: Partial<Row>) => void }) {
  return (
    <>
      <td className="w-20 px-2 py-1">
        <NumberCell key={`c${r.goodsCount}`} label={`库存${i + 1}`} value={r.goodsCount ?? 0} onChange={(n) => update(i, { goodsCount: Math.floor(n) })} />
      </td>
      <td className="w-14 px-2 py-1 text-right text-slate-500">{r.sold ?? 0}</td>
      <td className="w-24 px-2 py-1">
        <NumberCell key={`m${r.marketPrice}`} label={`市场价${i + 1}`} value={r.marketPrice ?? 0} onChange={(n) => update(i, { marketPrice: n })} />
      </td>
      <td className="w-24 px-2 py-1">
        <NumberCell key={`p${r.price}`} label={`销售价${i + 1}`} value={r.price ?? 0} onChange={(n) => update(i, { price: n })} />
      </td>
      <td className="w-12 px-2 py-1 text-center">
        <input type="checkbox" aria-label={`启用${i + 1}`} checked={r.idisplay === 1} onChange={(e) => update(i, { idisplay: e.target.checked ? 1 : 0 })} />
      </td>
    </>
  );
}

function SpecTable({ rows, head, render, onDelete }: { rows: Row[]; head: string[]; render: (r: Row, i: number) => React.ReactNode; onDelete: (i: number) => void }) {
  return (
    <div className="max-h-[50vh] overflow-auto rounded border border-slate-200">
      <table className="w-full text-sm">
        <thead className="sticky top-0 bg-slate-100 text-left text-slate-600">
          <tr>
            {head.map((h, i) => (
              <th key={i} className="px-2 py-1.5 font-normal whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={head.length} className="py-6 text-center text-slate-400">
                暂无规格
              </td>
            </tr>
          )}
          {rows.map((r, i) => (
            <tr key={r.id ? `id${r.id}` : `${slotKey(r)}#${i}`} className="border-t border-slate-100">
              {render(r, i)}
              <td className="px-2 py-1">
                {/* A spec that ever had an order is never deleted (the server says so too). */}
                <Button
                  size="sm"
                  variant="link"
                  className="text-red-600!"
                  disabled={(r.orderCount ?? 0) > 0}
                  title={(r.orderCount ?? 0) > 0 ? "已有订单，不能删除" : undefined}
                  onClick={() => onDelete(i)}
                >
                  删除
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The general editor (goods with pictures, virtual goods without): rows, bulk set, add, clear all (R415, R420, R421). */
function GeneralEditor({ rows, setRows, pictures }: EditorProps & { pictures: boolean }) {
  const [bulk, setBulk] = useState({ goodsCount: "", marketPrice: "", price: "" });
  const update = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const setAll = (field: "goodsCount" | "marketPrice" | "price") => {
    const n = num(bulk[field]);
    if (!Number.isFinite(n) || n < 0) return void toast.error("请输入不小于0的数字");
    setRows(bulkSet(rows, field, field === "goodsCount" ? Math.floor(n) : n));
  };
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 rounded bg-slate-50 p-3 text-sm">
        {(
          [
            ["goodsCount", "库存"],
            ["marketPrice", "市场价"],
            ["price", "销售价"],
          ] as const
        ).map(([k, label]) => (
          <span key={k} className="flex items-center gap-1">
            <input
              aria-label={`批量${label}`}
              placeholder={label}
              className={`${cellInput} w-20!`}
              inputMode="decimal"
              value={bulk[k]}
              onChange={(e) => setBulk({ ...bulk, [k]: e.target.value })}
            />
            <Button size="sm" onClick={() => setAll(k)}>
              批量设置{label}
            </Button>
          </span>
        ))}
        <span className="flex-1" />
        <Button size="sm" variant="primary" onClick={() => setRows([...rows, newGeneralSpec() as Row])}>
          添加规格
        </Button>
        <Button size="sm" variant="danger" onClick={() => setRows(rows.filter((r) => (r.orderCount ?? 0) > 0))}>
          清空
        </Button>
      </div>
      <SpecTable
        rows={rows}
        head={[...(pictures ? ["图片"] : []), "规格名称", "库存", "已售", "市场价", "销售价", "启用", ""]}
        render={(r, i) => (
          <>
            {pictures && (
              <td className="w-24 px-2 py-1">
                <ImageUploader value={r.imageUrl ? [r.imageUrl] : []} onChange={(urls) => update(i, { imageUrl: urls[0] ?? "" })} max={1} maxKB={1000} />
              </td>
            )}
            <td className="px-2 py-1">
              <input
                aria-label={`规格名称${i + 1}`}
                placeholder={`最多${SPEC_NAME_MAX}个字`}
                className={cellInput}
                value={r.specName}
                maxLength={SPEC_NAME_MAX}
                onChange={(e) => update(i, { specName: e.target.value })}
              />
            </td>
            <RowNumbers r={r} i={i} update={update} />
          </>
        )}
        onDelete={(i) => setRows(rows.filter((_, j) => j !== i))}
      />
    </>
  );
}
