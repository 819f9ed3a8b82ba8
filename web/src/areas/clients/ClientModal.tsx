import { useState } from "react";
import { ClientInput } from "@xiangyu/core/clients/schemas";
import { useScreen } from "../../lib/screen.tsx";
import { Button } from "../../ui/Button.tsx";
import { RecordModal } from "../../ui/dialogs/RecordModal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ownDepartment, useCurrentUser } from "../../ui/useCurrentUser.ts";
import { CLIENT_VIEW, useSaveClient } from "./clientQueries.ts";
import { clientBody, clientValues, type ClientValues } from "./clientValues.ts";
import { ClientFields } from "./ClientFields.tsx";

/**
 * The client dialog (800 wide): a read-only view (the name link, R281) that can switch to editing
 * when the user holds E, or the edit/new form. A client that cannot be read closes the dialog after
 * its message (R304, '读取数据出错').
 */
export type ClientModalProps = { id?: number; mode: "view" | "edit"; onClose: () => void };

export function ClientModal({ id, mode: initialMode, onClose }: ClientModalProps) {
  const { rights } = useScreen();
  const [mode, setMode] = useState(initialMode);
  const { data: me, isPending: mePending } = useCurrentUser();
  const title = id === undefined ? "新增客户" : mode === "view" ? "客户信息" : "编辑客户";
  return (
    <RecordModal route={CLIENT_VIEW} id={id} waiting={mePending} closeOnError width={800} title={title} onClose={onClose}>
      {(client) => <Editor initial={clientValues(client, ownDepartment(me))} readOnly={mode === "view"} onEdit={rights.e ? () => setMode("edit") : undefined} onClose={onClose} />}
    </RecordModal>
  );
}

type EditorProps = { initial: ClientValues; readOnly: boolean; onEdit?: () => void; onClose: () => void };

function Editor({ initial, readOnly, onEdit, onClose }: EditorProps) {
  const form = useSchemaForm(ClientInput, initial, { hidden: ["id"] });
  const mayWrite = useMayWrite(initial.id) && !readOnly;
  const post = useSaveClient({ onClose });
  const save = form.submit(() => post(clientBody(form.values as ClientValues)));
  const edit = readOnly && onEdit && (
    <Button variant="primary" onClick={onEdit}>
      编辑
    </Button>
  );

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose} sticky actions={edit}>
      <ClientFields form={form} readOnly={!mayWrite} />
    </EditForm>
  );
}
