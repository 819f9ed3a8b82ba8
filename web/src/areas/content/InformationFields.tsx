import { useId } from "react";
import { INFO_TYPES, MAX_LABEL, MAX_TITLE } from "@xiangyu/core/content/rules";
import type { InformationInput } from "@xiangyu/core/content/schemas";
import { Field } from "../../ui/form/Field.tsx";
import { CoordinateFields } from "../../ui/form/CoordinateFields.tsx";
import { NumberInput, Select, TextInput } from "../../ui/form/inputs.tsx";
import { ENABLED, RadioField } from "../../ui/form/RadioField.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { OrgCascader } from "../../ui/pickers/OrgCascader.tsx";
import { RichText } from "../../ui/text/RichText.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { useLabels } from "./contentQueries.ts";
import { InformationPictures } from "./InformationPictures.tsx";
import { InformationTypeFields } from "./InformationTypeFields.tsx";

/**
 * The information form's fields (R518–R524): type, title (≤100), a label (≤8, picked from those
 * used before or typed new), up to 3 title pictures (uploaded, or picked from the body's pictures,
 * cut to 3), the type's own fields (price for intro; source and publish time for news; start and
 * end for activity, each a day from the calendar and a typed time of day), address and coordinates, jump link, the rich text, enable and sort order.
 */
const TYPE_NAMES: Record<string, string> = { intro: "介绍", news: "新闻", activity: "活动", map: "地图" };

export function InformationFields({ form, readOnly }: { form: SchemaForm<typeof InformationInput>; readOnly: boolean }) {
  const e = form.errors;
  const type = String(form.values.infoType ?? "");
  const { data: typeOptions } = useStyleParams("infoType");
  const types = typeOptions?.length ? typeOptions : INFO_TYPES.map((t) => ({ value: t, label: TYPE_NAMES[t]! }));
  const { data: labels = [] } = useLabels();
  const labelList = useId();
  const content = String(form.values.content ?? "");

  return (
    <div className="mx-auto max-w-5xl">
      <div className="grid grid-cols-1 gap-x-6 md:grid-cols-2">
        <Field label="信息类型" required error={e.infoType}>
          <Select {...form.field("infoType")} options={types} placeholder="请选择" />
        </Field>
        <Field label="标签" error={e.label} hint={`${MAX_LABEL}个字以内，可选已有标签或输入新标签；标为 hot 的信息进入网站首页轮播`}>
          <TextInput {...form.field("label")} maxLength={MAX_LABEL} list={labelList} placeholder="如 hot" />
          <datalist id={labelList}>
            {labels.map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
        </Field>
      </div>
      <Field label="标题" required error={e.infoTitle} hint={`${MAX_TITLE}个字以内`}>
        <TextInput {...form.field("infoTitle")} maxLength={MAX_TITLE} />
      </Field>
      <div className="grid grid-cols-1 gap-x-6 md:grid-cols-2">
        <InformationTypeFields form={form} type={type} />
        <Field label="信息区域" error={e.orgCode}>
          <OrgCascader
            orgType="infoarea"
            value={String(form.values.orgCode ?? "")}
            onChange={(code) => form.set("orgCode", code)}
            allLabel="不限"
            label="信息区域"
            disabled={readOnly}
          />
        </Field>
        <Field label="地址" error={e.address}>
          <TextInput {...form.field("address")} maxLength={200} />
        </Field>
        <CoordinateFields lng={form.field("lng")} lat={form.field("lat")} />
        <Field label="跳转链接" error={e.jumpUrl} hint="填写后网站点击标题直接打开该链接">
          <TextInput {...form.field("jumpUrl")} maxLength={500} placeholder="https://" />
        </Field>
        <Field label="排序" error={e.sortOrder} hint="数字小的排在前面">
          <NumberInput {...form.field("sortOrder")} min={0} />
        </Field>
        <RadioField label="状态" {...form.field("idisplay")} options={ENABLED} disabled={readOnly} />
      </div>
      <InformationPictures form={form} readOnly={readOnly} />
      <Field label="正文" error={e.content}>
        <RichText label="正文" value={content} onChange={(html) => form.set("content", html)} minHeight={320} />
      </Field>
    </div>
  );
}
