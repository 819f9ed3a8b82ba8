import { useState } from "react";
import { Modal } from "../../../ui/dialogs/Modal.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Field } from "../../../ui/form/Field.tsx";
import { TextInput } from "../../../ui/form/inputs.tsx";
import { useSavePage, type PageNode } from "../pageQueries.ts";

/**
 * Adds a page under a node (or a module at the top) or renames one. A rename sends the whole record
 * with the document blank, which keeps the stored one (docs/pages.md); the server's refusal (请输入名称,
 * 编码已存在) is toasted.
 */
export function NameDialog({ parent, page, onClose, onSaved }: { parent: PageNode | null; page?: PageNode; onClose: () => void; onSaved: (p: PageNode) => void }) {
  const [name, setName] = useState(page?.name ?? "");
  const [code, setCode] = useState(page?.code ?? "");
  const save = useSavePage();
  const submit = async () => {
    const body = page
      ? {
          id: page.id,
          parentId: page.parentId,
          name,
          code,
          seq: page.seq,
          isMenu: page.isMenu,
          url: page.url,
          icon: page.icon,
          jumpJson: page.jumpJson,
          enableStatus: page.enableStatus,
          sysModuleId: page.sysModuleId,
          columnCode: page.columnCode,
          columnName: page.columnName,
          branchId: page.branchId,
          configJson: "",
        }
      : { parentId: parent?.id ?? 0, name, code };
    const r = await save.mutateAsync(body).catch(() => null);
    if (r?.data) onSaved(r.data);
  };
  const title = page ? "重命名" : parent ? `新增下级（${parent.name}）` : "新增模块";
  return (
    <Modal
      open
      title={title}
      width={500}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" busy={save.isPending} onClick={() => void submit()}>
            确定
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="名称" required>
          <TextInput value={name} onChange={(v) => setName(String(v))} maxLength={50} autoFocus />
        </Field>
        <Field label="编码" hint="留空自动生成；小程序按编码打开页面">
          <TextInput value={code} onChange={(v) => setCode(String(v))} maxLength={50} />
        </Field>
      </form>
    </Modal>
  );
}
