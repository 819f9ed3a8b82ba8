import type { InformationInput } from "@xiangyu/core/content/schemas";
import { Field } from "../../ui/form/Field.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { DateTimeInput } from "../../ui/pickers/DatePicker.tsx";

/** The fields only one information type has: price for intro; source and publish time for news; start and end for activity. */
export function InformationTypeFields({ form, type }: { form: SchemaForm<typeof InformationInput>; type: string }) {
  const e = form.errors;
  return (
    <>
      {type === "intro" && (
        <Field label="价格" error={e.price} hint="仅介绍类信息">
          <TextInput {...form.field("price")} maxLength={20} placeholder="如 ¥688起" />
        </Field>
      )}
      {type === "news" && (
        <>
          <Field label="来源" error={e.fromIn}>
            <TextInput {...form.field("fromIn")} maxLength={50} />
          </Field>
          <Field label="发布时间" error={e.publishtime} hint="晚于现在的新闻到时才在网站显示">
            <DateTimeInput {...form.field("publishtime")} aria-label="发布时间" clearable />
          </Field>
        </>
      )}
      {type === "activity" && (
        <>
          <Field label="开始时间" error={e.starttime}>
            <DateTimeInput {...form.field("starttime")} aria-label="开始时间" clearable />
          </Field>
          <Field label="结束时间" error={e.endtime}>
            <DateTimeInput {...form.field("endtime")} aria-label="结束时间" time="23:59" clearable />
          </Field>
        </>
      )}
    </>
  );
}
