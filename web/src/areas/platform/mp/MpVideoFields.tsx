import type { MpConfigInput } from "@xiangyu/core/platform/schemas";
import { Field } from "../../../ui/form/Field.tsx";
import { NumberInput, TextInput } from "../../../ui/form/inputs.tsx";
import { RadioField, YES_NO } from "../../../ui/form/RadioField.tsx";
import type { SchemaForm } from "../../../ui/form/useSchemaForm.ts";
import { FileUploader } from "../../../ui/upload/FileUploader.tsx";

/** The home video (.mp4, .3gp or .m3u8, uploaded or typed), its size and whether it plays muted. */
export function MpVideoFields({ form, readOnly }: { form: SchemaForm<typeof MpConfigInput>; readOnly: boolean }) {
  const e = form.errors;
  return (
    <>
      <Field label="首页视频" error={e.videoUrl}>
        <div className="flex flex-col gap-2">
          <TextInput {...form.field("videoUrl")} maxLength={500} placeholder="https://…/video.mp4" />
          <FileUploader kind="video" onUploaded={(f) => form.set("videoUrl", f.url)} disabled={readOnly} label="上传视频" />
        </div>
      </Field>
      <div className="grid grid-cols-3">
        <Field label="视频宽度" error={e.videoWidth}>
          <NumberInput {...form.field("videoWidth")} min={0} max={4096} />
        </Field>
        <Field label="视频高度" error={e.videoHeight}>
          <NumberInput {...form.field("videoHeight")} min={0} max={4096} />
        </Field>
        <RadioField label="静音播放" {...form.field("muted")} options={YES_NO} disabled={readOnly} />
      </div>
    </>
  );
}
