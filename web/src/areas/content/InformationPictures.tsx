import { useMemo } from "react";
import { MAX_TITLE_PICTURES, joinPictures, pickTitlePictures, richTextPictures, splitPictures } from "@xiangyu/core/content/rules";
import type { InformationInput } from "@xiangyu/core/content/schemas";
import { Field } from "../../ui/form/Field.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ImageUploader } from "../../ui/upload/ImageUploader.tsx";
import { Button } from "../../ui/Button.tsx";

const PICTURE_KB = 2048;

/** Up to 3 title pictures: uploaded, or picked from the body's pictures (cut to 3). */
export function InformationPictures({ form, readOnly }: { form: SchemaForm<typeof InformationInput>; readOnly: boolean }) {
  const pictures = splitPictures(String(form.values.infoPicture ?? ""));
  const content = String(form.values.content ?? "");
  const bodyPictures = useMemo(() => richTextPictures(content), [content]);
  const setPictures = (urls: string[]) => form.set("infoPicture", joinPictures(urls.slice(0, MAX_TITLE_PICTURES)));
  return (
    <Field label="标题图片" error={form.errors.infoPicture} hint={`最多${MAX_TITLE_PICTURES}张，每张不超过${PICTURE_KB}KB；也可从正文图片中选择`}>
      <ImageUploader value={pictures} onChange={setPictures} max={MAX_TITLE_PICTURES} maxKB={PICTURE_KB} disabled={readOnly} />
      {bodyPictures.length > 0 && !readOnly && (
        <div className="mt-2 flex flex-wrap items-center gap-2" aria-label="正文图片">
          <span className="text-xs text-slate-500">正文图片：</span>
          {bodyPictures.map((src) => (
            <Button
              key={src}
              size="sm"
              variant="link"
              disabled={pictures.includes(src)}
              onClick={() => setPictures(pickTitlePictures(pictures, [src]))}
              aria-label={`选为标题图片：${src}`}
            >
              <img src={src} alt="" className="h-10 w-14 rounded border border-slate-200 object-cover" />
            </Button>
          ))}
        </div>
      )}
    </Field>
  );
}
