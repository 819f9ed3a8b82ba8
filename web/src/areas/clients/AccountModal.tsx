import { useState } from "react";
import { MembershipAccountInput } from "@xiangyu/core/clients/schemas";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import { useSchemaForm, type FieldBinding } from "../../ui/form/useSchemaForm.ts";
import { useSaveAccount, type MembershipSummary } from "./clientQueries.ts";
import type { AccountType } from "./PasswordReveal.tsx";

/**
 * 账号设置 / RCI账号设置 (500 wide, R300) through membershipsave: type 1 the membership's account and
 * password, type 2 the exchange network's member number, account and password. A blank password
 * keeps the stored one, so a password is never sent back to the browser to be edited.
 */
type Props = { clientId: number; summary: MembershipSummary; type: AccountType; onClose: () => void };

export function AccountModal({ clientId, summary, type, onClose }: Props) {
  const form = useSchemaForm(
    MembershipAccountInput,
    { id: clientId, productTypeId: summary.productTypeId, type, account: summary.account, password: "", rciId: summary.rciId, rciAccount: summary.rciAccount, rciPassword: "" },
    { hidden: ["id", "productTypeId", "type"] },
  );
  const post = useSaveAccount({ onClose });
  const save = form.submit(post);
  const e = form.errors;
  const keepHint = (isSet: number) => (isSet ? "已设置；留空则不修改" : "尚未设置");
  return (
    <Modal open width={500} title={`${summary.productTypeName} · ${type === 1 ? "账号设置" : "RCI账号设置"}`} onClose={onClose}>
      <EditForm onSubmit={save} mayWrite busy={form.submitting} onClose={onClose}>
        {type === 1 ? (
          <>
            <Field label="账号" error={e.account}>
              <TextInput {...form.field("account")} maxLength={100} autoComplete="off" />
            </Field>
            <Field label="密码" error={e.password} hint={keepHint(summary.passwordSet)}>
              <SecretInput binding={form.field("password")} />
            </Field>
          </>
        ) : (
          <>
            <Field label="RCI会员号" error={e.rciId}>
              <TextInput {...form.field("rciId")} maxLength={100} autoComplete="off" />
            </Field>
            <Field label="RCI账号" error={e.rciAccount}>
              <TextInput {...form.field("rciAccount")} maxLength={100} autoComplete="off" />
            </Field>
            <Field label="RCI密码" error={e.rciPassword} hint={keepHint(summary.rciPasswordSet)}>
              <SecretInput binding={form.field("rciPassword")} />
            </Field>
          </>
        )}
      </EditForm>
    </Modal>
  );
}

/** A new password, hidden while typed unless the user asks to see what they typed. */
function SecretInput({ binding }: { binding: FieldBinding }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex items-center gap-2">
      <TextInput {...binding} type={visible ? "text" : "password"} maxLength={100} autoComplete="new-password" className="flex-1" />
      <Button size="sm" onClick={() => setVisible(!visible)} aria-pressed={visible}>
        {visible ? "隐藏" : "显示"}
      </Button>
    </div>
  );
}
