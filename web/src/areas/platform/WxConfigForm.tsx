import { WxConfigInput, WxConfigNewInput } from "@xiangyu/core/platform/schemas";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { Select, TextInput } from "../../ui/form/inputs.tsx";
import { ENABLED, RadioField, YES_NO } from "../../ui/form/RadioField.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { ConfigDialog } from "./ConfigDialog.tsx";
import { SecretField } from "./SecretField.tsx";
import { TenantSelect } from "./TenantSelect.tsx";
import { useMchOptions, useSaveWx, useWxConfig, type WxConfig } from "./configQueries.ts";

/**
 * The WeChat platform account dialog (R451–R457): tenant (the tenant dropdown, R438), app type,
 * AppId, Api address and Secret required — the Secret only for a new account, since a stored one is
 * sealed and blank keeps it. The pay channel picker lists disabled channels greyed out (R456).
 * Main and default account are each one per tenant and app type: the server refuses a second.
 */
type Props = { id?: number; onClose: () => void };

export function WxConfigForm({ id, onClose }: Props) {
  const read = useWxConfig(id);
  return (
    <ConfigDialog title={id ? "编辑微信平台账号" : "新增微信平台账号"} editing={!!id} read={read} onClose={onClose}>
      {(record) => <Editor record={record} onClose={onClose} />}
    </ConfigDialog>
  );
}

function Editor({ record, onClose }: { record?: WxConfig; onClose: () => void }) {
  const { data: appTypes = [] } = useStyleParams("wxAppType");
  const { data: channels = [] } = useMchOptions();
  const initial = startValues(record, {
    id: "",
    clientId: "",
    appType: "",
    payMchId: "",
    appName: "",
    appid: "",
    apiUrl: "",
    qrcode: "",
    masterAccount: 0,
    dfAccount: 0,
    status: 1,
  });
  const form = useSchemaForm(record ? WxConfigInput : WxConfigNewInput, { ...initial, secret: "" }, { hidden: ["id"] });
  const mayWrite = useMayWrite(record?.id);
  const post = useSaveWx({ onClose });
  const save = form.submit(() => post({ ...form.values, id: form.values.id || undefined }));
  const e = form.errors;

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
      <div className="grid grid-cols-2">
        <Field label="平台租户" required error={e.clientId}>
          <TenantSelect {...form.field("clientId")} />
        </Field>
        <Field label="微信应用类型" required error={e.appType}>
          <Select {...form.field("appType")} options={appTypes} placeholder="请选择应用类型" />
        </Field>
        <Field label="AppId" required error={e.appid}>
          <TextInput {...form.field("appid")} maxLength={32} />
        </Field>
        <SecretField label="Secret" required stored={record?.secret} maxLength={128} {...form.field("secret")} />
        <Field label="应用名称" error={e.appName}>
          <TextInput {...form.field("appName")} maxLength={50} />
        </Field>
        <Field label="支付通道" error={e.payMchId} hint="已停用的通道不可选择">
          <Select {...form.field("payMchId")} options={channels} placeholder="不绑定" />
        </Field>
      </div>
      <Field label="Api地址" required error={e.apiUrl}>
        <TextInput {...form.field("apiUrl")} maxLength={300} placeholder="https://" />
      </Field>
      <Field label="二维码地址" error={e.qrcode}>
        <TextInput {...form.field("qrcode")} maxLength={500} />
      </Field>
      <div className="grid grid-cols-3">
        <RadioField label="主账号" {...form.field("masterAccount")} options={YES_NO} disabled={!mayWrite} />
        <RadioField label="默认账号" {...form.field("dfAccount")} options={YES_NO} disabled={!mayWrite} />
        <RadioField label="状态" {...form.field("status")} options={ENABLED} disabled={!mayWrite} />
      </div>
    </EditForm>
  );
}
