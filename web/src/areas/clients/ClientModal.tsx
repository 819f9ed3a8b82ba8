import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ClientInput } from "@xiangyu/core/clients/schemas";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { unwrap } from "../../lib/query.ts";
import { isOk } from "../../lib/api.ts";
import { toast, toastFailure } from "../../lib/toast.ts";
import { Modal } from "../../ui/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ownDepartment, useCurrentUser } from "../../ui/useCurrentUser.ts";
import { CLIENT_API, type Client } from "./clientTypes.ts";
import { clientBody, clientValues, type ClientValues } from "./clientValues.ts";
import { ClientFields } from "./ClientFields.tsx";

/**
 * The client dialog (800 wide): a read-only view (the name link, R281) that can switch to editing
 * when the user holds E, or the edit/new form. A client that cannot be read closes the dialog after
 * its message (R304, '读取数据出错').
 */
export type ClientModalProps = { id?: number; mode: "view" | "edit"; onClose: () => void; onSaved: () => void };

export function ClientModal({ id, mode: initialMode, onClose, onSaved }: ClientModalProps) {
  const api = useApi();
  const { rights } = useScreen();
  const [mode, setMode] = useState(initialMode);
  const { data: me, isPending: mePending } = useCurrentUser();
  const view = useQuery({
    queryKey: [CLIENT_API, "clientview", id],
    queryFn: async () => (await unwrap(api.get<Client>(`${CLIENT_API}/clientview`, { id }), "view")).data!,
    enabled: id !== undefined,
    gcTime: 0,
  });
  useEffect(() => {
    if (view.isError) onClose();
  }, [view.isError, onClose]);

  const loading = (id !== undefined && view.isPending) || mePending;
  const title = id === undefined ? "新增客户" : mode === "view" ? "客户信息" : "编辑客户";
  return (
    <Modal open width={800} title={title} onClose={onClose}>
      {loading || view.isError ? (
        <p className="py-10 text-center text-sm text-slate-400">正在读取数据…</p>
      ) : (
        <Editor
          initial={clientValues(view.data, ownDepartment(me))}
          readOnly={mode === "view"}
          onEdit={rights.e ? () => setMode("edit") : undefined}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

type EditorProps = { initial: ClientValues; readOnly: boolean; onEdit?: () => void; onClose: () => void; onSaved: () => void };

function Editor({ initial, readOnly, onEdit, onClose, onSaved }: EditorProps) {
  const api = useApi();
  const { rights } = useScreen();
  const form = useSchemaForm(ClientInput, initial, { hidden: ["id"] });
  const mayWrite = !readOnly && (initial.id ? rights.e : rights.a);

  const save = form.submit(async () => {
    const r = await api.post<Client>(`${CLIENT_API}/clientsave`, clientBody(form.values as ClientValues));
    if (!isOk(r)) return toastFailure(r.desc, "save");
    toast.success("保存成功", r.desc);
    onSaved();
    onClose();
  });

  return (
    <form onSubmit={save}>
      <ClientFields form={form} readOnly={!mayWrite} />
      <div className="sticky -bottom-4 z-10 -mx-5 mt-3 flex justify-end gap-2 border-t border-slate-200 bg-white px-5 pt-3 pb-4">
        <Button onClick={onClose}>{mayWrite ? "取消" : "关闭"}</Button>
        {readOnly && onEdit && (
          <Button variant="primary" onClick={onEdit}>
            编辑
          </Button>
        )}
        {mayWrite && (
          <Button type="submit" variant="primary" busy={form.submitting}>
            保存
          </Button>
        )}
      </div>
    </form>
  );
}
