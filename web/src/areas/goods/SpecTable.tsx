import type { ReactNode } from "react";
import { useState } from "react";
import { slotKey } from "@xiangyu/core/goods/rules";
import { Button } from "../../ui/Button.tsx";
import { cellInput, num, type Row } from "./specRows.ts";

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

/** Stock, sold, prices and the flag: the columns both editors share. */
export function RowNumbers({ r, i, update }: { r: Row; i: number; update: (i: number, patch: Partial<Row>) => void }) {
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

/** The spec rows with their delete button; a spec that ever had an order keeps it disabled. */
export function SpecTable({ rows, head, render, onDelete }: { rows: Row[]; head: string[]; render: (r: Row, i: number) => ReactNode; onDelete: (i: number) => void }) {
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
