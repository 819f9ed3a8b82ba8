import type { FormEvent, ReactNode } from "react";
import { Modal } from "./Modal.tsx";
import { EditForm } from "../form/EditForm.tsx";
import { Field } from "../form/Field.tsx";
import { ClientFinder, type FoundClient } from "../pickers/ClientFinder.tsx";

/** The part of a schema form (useSchemaForm) whose schema has a `clientId` that the dialog drives. */
type ClientForm = { submitting: boolean; errors: Record<string, string>; set: (name: "clientId", value: unknown) => void };

type Props = {
  title: string;
  form: ClientForm;
  /** The picked client (the screen keeps it: its other fields may read the client's records). */
  client: FoundClient | null;
  onClient: (client: FoundClient | null) => void;
  /** The form's submit (`form.submit(…)`): it sends and closes the dialog when the send succeeded. */
  onSubmit: (e: FormEvent) => unknown;
  onClose: () => void;
  /** The fields after 客户. */
  children: ReactNode;
};

/**
 * A dialog that picks a client, then sends a form for them (赠送房券, 新增房券兑换): 客户 first, found
 * by name, mobile or member code, whose id is the form's `clientId` (its schema's message when none
 * is picked), the screen's own fields under it, then 取消 / 保存.
 */
export function ClientFormDialog({ title, form, client, onClient, onSubmit, onClose, children }: Props) {
  return (
    <Modal open width={600} title={title} onClose={onClose}>
      <EditForm onSubmit={onSubmit} mayWrite busy={form.submitting} onClose={onClose}>
        <Field label="客户" required error={form.errors.clientId}>
          <ClientFinder
            value={client}
            onChange={(c) => {
              onClient(c);
              form.set("clientId", c?.id ?? "");
            }}
            error={form.errors.clientId}
          />
        </Field>
        {children}
      </EditForm>
    </Modal>
  );
}
