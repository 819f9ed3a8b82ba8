import { useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Modal } from "../../../ui/dialogs/Modal.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Field } from "../../../ui/form/Field.tsx";
import { RadioGroup, Select } from "../../../ui/form/inputs.tsx";
import { loadedPages, useCopyPage, useMovePage, type PageNode } from "../pageQueries.ts";

/**
 * Moves or copies a module (the page and everything below it) under another page, by their codes
 * (oldModuleCode → newModuleCode). The targets offered are the pages the tree has loaded, but not
 * the module itself (the server refuses its own children too: 不能移动到自身或其下级). A failure
 * says the spec's 移动失败，请重试 / 复制失败，请重试.
 */
export function MoveCopyDialog({ module, onClose, onDone }: { module: PageNode; onClose: () => void; onDone: () => void }) {
  const qc = useQueryClient();
  const [mode, setMode] = useState<"move" | "copy">("move");
  const [target, setTarget] = useState<string>("");
  const move = useMovePage();
  const copy = useCopyPage();
  // Every level the tree has read so far, from the query cache: no extra call.
  const targets = useMemo(() => {
    const seen = new Map<string, PageNode>();
    for (const p of loadedPages(qc)) seen.set(p.code, p);
    const others = [...seen.values()].filter((p) => p.id !== module.id);
    // Modules by their names; a name two modules share says its code (编码) too, to tell them apart.
    const shared = (name: string) => others.filter((p) => p.name === name).length > 1;
    return others.map((p) => ({ value: p.code, label: shared(p.name) ? `${p.name}（编码 ${p.code}）` : p.name }));
  }, [qc, module.id]);
  const busy = move.isPending || copy.isPending;
  const submit = async () => {
    const input = { oldModuleCode: module.code, newModuleCode: target };
    const done = await (mode === "move" ? move.mutateAsync(input) : copy.mutateAsync(input)).then(
      () => true,
      () => false,
    );
    if (done) onDone();
  };
  return (
    <Modal
      open
      title="移动/复制模块"
      width={500}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" busy={busy} disabled={!target} onClick={() => void submit()}>
            确定
          </Button>
        </>
      }
    >
      <Field label="模块">
        <p className="pt-1.5 text-sm text-slate-700">
          <span title={`编码：${module.code}`}>{module.name}</span>及其全部下级
        </p>
      </Field>
      <Field label="操作">
        <RadioGroup
          value={mode}
          onChange={(v) => setMode(v as "move" | "copy")}
          options={[
            { value: "move", label: "移动" },
            { value: "copy", label: "复制（生成新编码）" },
          ]}
        />
      </Field>
      <Field label="目标位置" required>
        <Select value={target} onChange={(v) => setTarget(String(v))} options={targets} placeholder="请选择目标模块" />
      </Field>
    </Modal>
  );
}
