import type { ReactNode } from "react";
import { Field } from "./Field.tsx";
import { RadioGroup, type Option } from "./inputs.tsx";
import type { FieldBinding } from "./useSchemaForm.ts";

/**
 * A form row of one choice among a few (状态, 是/否…), bound like a control (`{...form.field("x")}`):
 * the label, the radios and the field's own message. The common choices are below.
 */
type Props = FieldBinding & { label: ReactNode; options: Option[]; required?: boolean; hint?: ReactNode; disabled?: boolean };

export function RadioField({ label, options, required, hint, disabled, ...binding }: Props) {
  return (
    <Field label={label} required={required} error={binding.error} hint={hint}>
      <RadioGroup {...binding} options={options} disabled={disabled} />
    </Field>
  );
}

export const YES_NO: Option[] = [
  { value: 1, label: "是" },
  { value: 0, label: "否" },
];

/** The 状态 of a record staff switch on and off (idisplay). */
export const ENABLED: Option[] = [
  { value: 1, label: "启用" },
  { value: 0, label: "禁用" },
];
