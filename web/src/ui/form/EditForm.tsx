import type { FormEvent, ReactNode } from "react";
import { FormFooter } from "./FormFooter.tsx";

/**
 * The body of an edit dialog: the fields, all disabled for one who may only look, and FormFooter
 * under them. `actions` are extra footer buttons (编辑 on a read-only view); `sticky` as FormFooter's.
 */
type Props = {
  onSubmit: (e: FormEvent) => unknown;
  mayWrite: boolean;
  busy?: boolean;
  onClose: () => void;
  sticky?: boolean;
  actions?: ReactNode;
  children: ReactNode;
};

export function EditForm({ onSubmit, mayWrite, busy, onClose, sticky, actions, children }: Props) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={!mayWrite} className="min-w-0">
        {children}
      </fieldset>
      <FormFooter mayWrite={mayWrite} busy={busy} onClose={onClose} sticky={sticky}>
        {actions}
      </FormFooter>
    </form>
  );
}
