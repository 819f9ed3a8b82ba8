import type { WebsiteConfigInput } from "@xiangyu/core/website/schemas";
import { Field } from "../../ui/form/Field.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ImageUploader } from "../../ui/upload/ImageUploader.tsx";

/** What the public website shows of itself: its name, description, footer (address, phone, registration number), colours and logos. */
export function WebsiteFields({ form, readOnly }: { form: SchemaForm<typeof WebsiteConfigInput>; readOnly: boolean }) {
  const e = form.errors;
  const logo = (name: "indexLogo" | "pageLogo" | "nopic") => (
    <ImageUploader value={form.values[name] ? [String(form.values[name])] : []} onChange={(urls) => form.set(name, urls[0] ?? "")} max={1} maxKB={1024} disabled={readOnly} />
  );
  return (
    <div className="grid max-w-5xl grid-cols-1 gap-x-6 md:grid-cols-2">
      <Field label="网站名称" required error={e.branchname}>
        <TextInput {...form.field("branchname")} maxLength={50} />
      </Field>
      <Field label="公司名称" error={e.companyname}>
        <TextInput {...form.field("companyname")} maxLength={100} />
      </Field>
      <Field label="网站描述" error={e.pagePurpose} hint="搜索引擎与分享时显示，200个字以内">
        <TextInput {...form.field("pagePurpose")} maxLength={200} />
      </Field>
      <Field label="地址" required error={e.branchaddress}>
        <TextInput {...form.field("branchaddress")} maxLength={200} />
      </Field>
      <Field label="电话" required error={e.branchleadermobile}>
        <TextInput {...form.field("branchleadermobile")} maxLength={30} />
      </Field>
      <Field label="备案号" error={e.icp}>
        <TextInput {...form.field("icp")} maxLength={50} />
      </Field>
      <Field label="主色" error={e.mainColor} hint="默认 #950101">
        <TextInput {...form.field("mainColor")} maxLength={7} placeholder="#950101" />
      </Field>
      <Field label="辅色" error={e.secondColor} hint="默认 #ae0026">
        <TextInput {...form.field("secondColor")} maxLength={7} placeholder="#ae0026" />
      </Field>
      <Field label="首页标志" error={e.indexLogo}>
        {logo("indexLogo")}
      </Field>
      <Field label="内页标志" error={e.pageLogo}>
        {logo("pageLogo")}
      </Field>
      <Field label="默认图片" error={e.nopic} hint="信息没有标题图片时显示">
        {logo("nopic")}
      </Field>
    </div>
  );
}
