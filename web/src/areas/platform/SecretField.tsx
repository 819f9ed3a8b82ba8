import { SECRET_MASK } from "@xiangyu/core/platform/schemas";
import { Field } from "../../ui/form/Field.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import type { FieldBinding } from "../../ui/form/useSchemaForm.ts";

/**
 * A sealed secret of a platform record (merchant key, AppSecret, SMS secretKey, database password):
 * the server never sends it back, only the mask when one is stored. The field is its replacement —
 * blank keeps the stored secret, anything typed replaces it (and the save is in the operation log).
 */
type Props = FieldBinding & { label: string; stored?: string; required?: boolean; maxLength: number };

export function SecretField({ label, stored, required, maxLength, ...binding }: Props) {
  const has = stored === SECRET_MASK;
  return (
    <Field label={label} required={required && !has} error={binding.error} hint={has ? `已设置（${SECRET_MASK}），留空则不修改` : undefined}>
      <TextInput {...binding} type="password" autoComplete="new-password" maxLength={maxLength} placeholder={has ? "输入新值以替换" : ""} />
    </Field>
  );
}
