import { SMS_PLATFORMS, SmsConfigInput, smsTemplateExample, type SmsPlatform } from "@xiangyu/core/platform/schemas";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { NumberInput, Select, TextInput } from "../../ui/form/inputs.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { JsonEditor } from "../../ui/text/JsonEditor.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { ConfigDialog } from "./ConfigDialog.tsx";
import { SecretField } from "./SecretField.tsx";
import { useSaveSms, useSmsConfig, type SmsConfig } from "./configQueries.ts";

/**
 * The SMS configuration dialog (R458–R467): merchant app, platform, signature, appId and the
 * template JSON required. The template is edited in the JSON editor with the spec's checker (检查:
 * tab-indented and JSON数据正确。, or JSON数据有误，请检查。); 导入示例 brings the chosen platform's
 * default templates (R463), asking first when the editor holds data. The secretKey is sealed.
 */
type Props = { id?: number; onClose: () => void };

export function SmsConfigForm({ id, onClose }: Props) {
  const read = useSmsConfig(id);
  return (
    <ConfigDialog title={id ? "编辑短信配置" : "新增短信配置"} editing={!!id} read={read} onClose={onClose}>
      {(record) => <SmsEditor record={record} onClose={onClose} />}
    </ConfigDialog>
  );
}

const isPlatform = (p: unknown): p is SmsPlatform => (SMS_PLATFORMS as readonly unknown[]).includes(p);

export function SmsEditor({ record, onClose }: { record?: SmsConfig; onClose: () => void }) {
  const { data: platforms = [] } = useStyleParams("smsPlatform");
  const initial = startValues(record, { id: "", branchId: "", smsPlatform: "", smsSignature: "", appId: "", secretId: "", templateJson: "" });
  const form = useSchemaForm(SmsConfigInput, { ...initial, secretKey: "" }, { hidden: ["id"] });
  const mayWrite = useMayWrite(record?.id);
  const post = useSaveSms({ onClose });
  const save = form.submit(() => post({ ...form.values, id: form.values.id || undefined }));
  const e = form.errors;
  const platform = form.values.smsPlatform;
  const templateBinding = form.field("templateJson");

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
      <div className="grid grid-cols-2">
        <Field label="商户应用" required error={e.branchId} hint="商户应用编号">
          <NumberInput {...form.field("branchId")} />
        </Field>
        <Field label="短信平台" required error={e.smsPlatform}>
          <Select {...form.field("smsPlatform")} options={platforms} placeholder="请选择短信平台" />
        </Field>
        <Field label="短信签名" required error={e.smsSignature}>
          <TextInput {...form.field("smsSignature")} maxLength={20} />
        </Field>
        <Field label="appId" required error={e.appId}>
          <TextInput {...form.field("appId")} maxLength={64} />
        </Field>
        <Field label="secretId" error={e.secretId}>
          <TextInput {...form.field("secretId")} maxLength={128} />
        </Field>
        <SecretField label="secretKey" stored={record?.secretKey} maxLength={128} {...form.field("secretKey")} />
      </div>
      <Field
        label="模板JSON"
        required
        error={e.templateJson}
        hint={isPlatform(platform) ? "导入示例为所选短信平台的默认模板（注册、找回密码、登录、通用）" : "选择短信平台后可导入默认模板"}
      >
        <JsonEditor
          name="templateJson"
          value={String(templateBinding.value ?? "")}
          onChange={templateBinding.onChange}
          onBlur={templateBinding.onBlur}
          error={e.templateJson}
          example={isPlatform(platform) ? smsTemplateExample(platform) : undefined}
          rows={14}
        />
      </Field>
    </EditForm>
  );
}
