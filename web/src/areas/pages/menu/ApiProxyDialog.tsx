import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Modal } from "../../../ui/dialogs/Modal.tsx";
import { Button } from "../../../ui/Button.tsx";
import { TextInput } from "../../../ui/form/inputs.tsx";
import { confirm } from "../../../ui/dialogs/Confirm.tsx";
import { useApi } from "../../../lib/screen.tsx";
import { pageQueries, useDeleteApiProxy, useSaveApiProxy } from "../pageQueries.ts";

/**
 * The API proxy mapping table: the addresses components call by alias (a component's `api` names
 * the alias, the mini-program's proxy looks the address up). Kept as the style-parameter list
 * `apiproxy` through style/attrsave and attrdelete, which answer {check, msg} (R002).
 */
export function ApiProxyDialog({ onClose }: { onClose: () => void }) {
  const api = useApi();
  const rows = useQuery(pageQueries.apiProxies(api));
  const [draft, setDraft] = useState({ styleid: "", stylename: "", pseudocode: "" });
  const save = useSaveApiProxy();
  const del = useDeleteApiProxy();
  const add = async () => {
    if (await save.mutateAsync(draft)) setDraft({ styleid: "", stylename: "", pseudocode: "" });
  };
  const remove = async (id: number) => {
    if (!(await confirm({ title: "删除确认", message: "确定删除该接口映射吗？", okText: "删除", danger: true }))) return;
    await del.mutateAsync(id);
  };
  const cell = "border-b border-slate-100 px-2 py-1.5";
  return (
    <Modal open title="接口代理映射" width={800} onClose={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th className={cell}>接口别名</th>
            <th className={cell}>说明</th>
            <th className={cell}>实际地址</th>
            <th className={cell}>操作</th>
          </tr>
        </thead>
        <tbody>
          {(rows.data?.dataList ?? []).map((r) => (
            <tr key={r.id}>
              <td className={cell}>{r.styleid}</td>
              <td className={cell}>{r.stylename}</td>
              <td className={`${cell} break-all`}>{r.pseudocode}</td>
              <td className={cell}>
                <Button variant="link" size="sm" onClick={() => void remove(r.id)}>
                  删除
                </Button>
              </td>
            </tr>
          ))}
          <tr>
            <td className={cell}>
              <TextInput aria-label="接口别名" value={draft.styleid} onChange={(v) => setDraft((d) => ({ ...d, styleid: String(v) }))} maxLength={50} />
            </td>
            <td className={cell}>
              <TextInput aria-label="说明" value={draft.stylename} onChange={(v) => setDraft((d) => ({ ...d, stylename: String(v) }))} maxLength={100} />
            </td>
            <td className={cell}>
              <TextInput aria-label="实际地址" value={draft.pseudocode} onChange={(v) => setDraft((d) => ({ ...d, pseudocode: String(v) }))} maxLength={500} />
            </td>
            <td className={cell}>
              <Button variant="primary" size="sm" busy={save.isPending} onClick={() => void add()}>
                添加
              </Button>
            </td>
          </tr>
        </tbody>
      </table>
    </Modal>
  );
}
