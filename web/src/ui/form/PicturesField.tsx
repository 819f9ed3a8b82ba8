import type { ReactNode } from "react";
import { ImageUploader } from "../upload/ImageUploader.tsx";
import { Field } from "./Field.tsx";
import type { FieldBinding } from "./useSchemaForm.ts";

/**
 * A form row of a record's pictures, bound like a control (`{...form.field("picJson")}`, whose value
 * is the list of URLs): the label, the uploader with its limits, and the field's own message.
 */
type Props = FieldBinding & {
  label: ReactNode;
  hint?: ReactNode;
  max: number;
  maxKB: number;
  disabled?: boolean;
  required?: boolean;
  check?: (file: File) => Promise<string | null>;
};

export function PicturesField({ label, hint, max, maxKB, disabled, required, check, ...binding }: Props) {
  return (
    <Field label={label} required={required} error={binding.error} hint={hint}>
      <ImageUploader value={(binding.value as string[] | undefined) ?? []} onChange={binding.onChange} max={max} maxKB={maxKB} disabled={disabled} check={check} />
    </Field>
  );
}
