import { useState } from "react";
import { GOODS_TYPES } from "@xiangyu/core/goods/schemas";
import { checkBeforeSave } from "@xiangyu/core/goods/rules";
import { toast } from "../../lib/toast.ts";
import { useScreen } from "../../lib/screen.tsx";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { useSaveSpecs, useSpecPage } from "./goodsQueries.ts";
import { toRow, type Row } from "./specRows.ts";
import { AppointmentEditor } from "./AppointmentEditor.tsx";
import { GeneralEditor } from "./GeneralEditor.tsx";

/**
 * The specification modal (1000 wide, R408): reads the goods' type and specs, shows the editor for
 * the type — appointments the date-and-slot editor with its single / copy / sync tabs, goods and
 * virtual goods the general editor (virtual without pictures) — and an unknown type says
 * 商品性质设置有误 (R407). Every change stays in the modal until 保存 (R422), which sends the whole list.
 */
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
