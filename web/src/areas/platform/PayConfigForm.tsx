import { PayConfigInput } from "@xiangyu/core/platform/schemas";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { Select, TextInput } from "../../ui/form/inputs.tsx";
import { ENABLED, RadioField } from "../../ui/form/RadioField.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { FileUploader } from "../../ui/upload/FileUploader.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { ConfigDialog } from "./ConfigDialog.tsx";
import { SecretField } from "./SecretField.tsx";
import { usePayConfig, useSavePay, type PayConfig } from "./configQueries.ts";

/**
 * The payment channel dialog (R443–R450), 800 wide: merchant number, name and app type required,
 * every value trimmed (by the shared schema), the certificate and the platform public key uploaded
 * as .pem files, the APIv3 key typed. The key and both files are sealed on the server: the dialog
 * shows only that one is stored, and a blank field keeps it.
 */
type Props = { id?: number; onClose: () => void };

export function PayConfigForm({ id, onClose }: Props) {
  const read = usePayConfig(id);
  return (
    <ConfigDialog title={id ? "编辑支付通道" : "新增支付通道"} editing={!!id} read={read} onClose={onClose}>
      {(record) => <Editor record={record} onClose={onClose} />}
    </ConfigDialog>
  );
}

function Editor({ record, onClose }: { record?: PayConfig; onClose: () => void }) {
  const { data: appTypes = [] } = useStyleParams("payAppType");
  const initial = startValues(record, {
    id: "",
    appType: "",
    mchId: "",
    mchName: "",
    secretNumber: "",
    publickeyId: "",
    activeCode: "",
    isUsing: 1,
    notifyUrl: "",
    refundNotifyUrl: "",
  });
  const form = useSchemaForm(PayConfigInput, { ...initial, apiV3Key: "", certPath: "", publicKeyPath: "" }, { hidden: ["id"] });
  const mayWrite = useMayWrite(record?.id);
  const post = useSavePay({ onClose });
  const save = form.submit(() => post({ ...form.values, id: form.values.id || undefined }));
  const e = form.errors;
  const stored = (v: string | undefined) => (v ? `已上传（${v}）` : undefined);

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
      <div className="grid grid-cols-2">
        <Field label="应用类型" required error={e.appType}>
          <Select {...form.field("appType")} options={appTypes} placeholder="请选择应用类型" />
        </Field>
        <RadioField label="状态" {...form.field("isUsing")} options={ENABLED} disabled={!mayWrite} />
        <Field label="商户号" required error={e.mchId}>
          <TextInput {...form.field("mchId")} maxLength={32} />
        </Field>
        <Field label="商户名称" required error={e.mchName}>
          <TextInput {...form.field("mchName")} maxLength={50} />
        </Field>
        <Field label="证书序列号" error={e.secretNumber}>
          <TextInput {...form.field("secretNumber")} maxLength={64} />
        </Field>
        <SecretField label="APIv3密钥" stored={record?.apiV3Key} maxLength={64} {...form.field("apiV3Key")} />
        <Field label="商户证书" error={e.certPath} hint={form.values.certPath ? "已选择新证书，保存后生效" : undefined}>
          <FileUploader kind="pem" current={stored(record?.certPath)} onUploaded={(f) => form.set("certPath", f.remotename)} disabled={!mayWrite} label="上传证书" />
        </Field>
        <Field label="环境代码" error={e.activeCode}>
          <TextInput {...form.field("activeCode")} maxLength={50} />
        </Field>
        <Field label="公钥ID" error={e.publickeyId} hint="可不填；填写时须同时上传公钥文件">
          <TextInput {...form.field("publickeyId")} maxLength={64} placeholder="PUB_KEY_ID_…" />
        </Field>
        <Field label="公钥文件" error={e.publicKeyPath} hint={form.values.publicKeyPath ? "已选择新公钥，保存后生效" : undefined}>
          <FileUploader kind="pem" current={stored(record?.publicKeyPath)} onUploaded={(f) => form.set("publicKeyPath", f.remotename)} disabled={!mayWrite} label="上传公钥" />
        </Field>
      </div>
      <Field label="支付通知地址" error={e.notifyUrl}>
        <TextInput {...form.field("notifyUrl")} maxLength={300} placeholder="https://" />
      </Field>
      <Field label="退款通知地址" error={e.refundNotifyUrl}>
        <TextInput {...form.field("refundNotifyUrl")} maxLength={300} placeholder="https://" />
      </Field>
    </EditForm>
  );
}
