import { MpConfigInput } from "@xiangyu/core/platform/schemas";
import { EditForm } from "../../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../../ui/form/FormFooter.tsx";
import { Field } from "../../../ui/form/Field.tsx";
import { TextArea, TextInput } from "../../../ui/form/inputs.tsx";
import { ENABLED, RadioField } from "../../../ui/form/RadioField.tsx";
import { startValues } from "../../../ui/form/startValues.ts";
import { useSchemaForm } from "../../../ui/form/useSchemaForm.ts";
import { ImageUploader } from "../../../ui/upload/ImageUploader.tsx";
import { OrgCascader } from "../../../ui/pickers/OrgCascader.tsx";
import { ConfigDialog } from "../ConfigDialog.tsx";
import { useMpConfig, useSaveMp, type MpConfig } from "./mpQueries.ts";
import { MpVideoFields } from "./MpVideoFields.tsx";

/**
 * 基本设置 (R488–R491): AppId, name (10 characters), store and menu code required; logo, intro,
 * home video (.mp4, .3gp or .m3u8, uploaded or typed), colours and the two tips (20 characters).
 * Every text is trimmed by the shared schema, on the server too.
 */
type Props = { id?: number; onClose: () => void };

export function MpBasicForm({ id, onClose }: Props) {
  const read = useMpConfig(id);
  return (
    <ConfigDialog title={id ? "基本设置" : "新增小程序"} editing={!!id} read={read} onClose={onClose}>
      {(record) => <Editor record={record} onClose={onClose} />}
    </ConfigDialog>
  );
}

function Editor({ record, onClose }: { record?: MpConfig; onClose: () => void }) {
  const initial = startValues(record, {
    id: "",
    appId: "",
    mpName: "",
    shop: "",
    menuCode: "",
    logo: "",
    content: "",
    videoUrl: "",
    videoWidth: 0,
    videoHeight: 0,
    muted: 0,
    bgColor: "",
    contactTips: "",
    buyTips: "",
    idisplay: 1,
  });
  const form = useSchemaForm(MpConfigInput, initial, { hidden: ["id"] });
  const mayWrite = useMayWrite(record?.id);
  const post = useSaveMp({ onClose });
  const save = form.submit(() => post({ ...form.values, id: form.values.id || undefined }));
  const e = form.errors;
  const logo = String(form.values.logo ?? "");

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
      <div className="grid grid-cols-2">
        <Field label="小程序AppId" required error={e.appId}>
          <TextInput {...form.field("appId")} maxLength={32} />
        </Field>
        <Field label="小程序名称" required error={e.mpName} hint="最多10个字">
          <TextInput {...form.field("mpName")} maxLength={10} />
        </Field>
        <Field label="所属门店" required error={e.shop}>
          <OrgCascader value={String(form.values.shop ?? "")} onChange={(code) => form.set("shop", code)} label="所属门店" disabled={!mayWrite} />
        </Field>
        <Field label="菜单编码" required error={e.menuCode}>
          <TextInput {...form.field("menuCode")} maxLength={50} />
        </Field>
        <Field label="背景颜色" error={e.bgColor}>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label="选择背景颜色"
              value={/^#[0-9a-fA-F]{6}$/.test(String(form.values.bgColor)) ? String(form.values.bgColor) : "#ffffff"}
              onChange={(ev) => form.set("bgColor", ev.target.value)}
              disabled={!mayWrite}
              className="h-8 w-10 cursor-pointer rounded border border-slate-300"
            />
            <TextInput {...form.field("bgColor")} maxLength={9} placeholder="#1677ff" />
          </div>
        </Field>
        <RadioField label="状态" {...form.field("idisplay")} options={ENABLED} disabled={!mayWrite} />
        <Field label="联系提示" error={e.contactTips} hint="最多20个字">
          <TextInput {...form.field("contactTips")} maxLength={20} />
        </Field>
        <Field label="购买提示" error={e.buyTips} hint="最多20个字">
          <TextInput {...form.field("buyTips")} maxLength={20} />
        </Field>
      </div>
      <Field label="图标" error={e.logo}>
        <ImageUploader value={logo ? [logo] : []} onChange={(urls) => form.set("logo", urls[0] ?? "")} max={1} disabled={!mayWrite} />
      </Field>
      <Field label="简介" error={e.content}>
        <TextArea {...form.field("content")} rows={3} maxLength={5000} />
      </Field>
      <MpVideoFields form={form} readOnly={!mayWrite} />
    </EditForm>
  );
}
