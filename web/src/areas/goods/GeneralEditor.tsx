import { useState } from "react";
import { SPEC_NAME_MAX, bulkSet, newGeneralSpec } from "@xiangyu/core/goods/rules";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/Button.tsx";
import { ImageUploader } from "../../ui/upload/ImageUploader.tsx";
import { cellInput, num, type EditorProps, type Row } from "./specRows.ts";
import { RowNumbers, SpecTable } from "./SpecTable.tsx";

/** The general editor (goods with pictures, virtual goods without): rows, bulk set, add, clear all (R415, R420, R421). */
export function GeneralEditor({ rows, setRows, pictures }: EditorProps & { pictures: boolean }) {
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
