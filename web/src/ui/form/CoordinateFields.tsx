import { Field } from "./Field.tsx";
import { TextInput } from "./inputs.tsx";
import type { FieldBinding } from "./useSchemaForm.ts";

/** 经度 and 纬度 as typed text (the map picker fills them too): a hotel's, an information entry's. */
export function CoordinateFields({ lng, lat }: { lng: FieldBinding; lat: FieldBinding }) {
  return (
    <>
      <Field label="经度" error={lng.error}>
        <TextInput {...lng} maxLength={20} />
      </Field>
      <Field label="纬度" error={lat.error}>
        <TextInput {...lat} maxLength={20} />
      </Field>
    </>
  );
}
