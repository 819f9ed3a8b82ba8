import { RECEIVER_TYPE_NAMES, RECEIVER_TYPES, type PayconfigInput } from "@xiangyu/core/platform/schemas";
import { Button } from "../../../ui/Button.tsx";
import { Field } from "../../../ui/form/Field.tsx";
import { Select, TextInput } from "../../../ui/form/inputs.tsx";
import type { SchemaForm } from "../../../ui/form/useSchemaForm.ts";
import { FileUploader } from "../../../ui/upload/FileUploader.tsx";
import { SecretField } from "../SecretField.tsx";
import type { MpConfig } from "./mpQueries.ts";

/** The three steps of 账户配置: the mini-program, the payment merchant and the profit-sharing receivers. */
type StepProps = { form: SchemaForm<typeof PayconfigInput>; record: MpConfig };

export const PARTIES = [
  { p: "group", title: "集团分账" },
  { p: "agent", title: "代理分账" },
  { p: "channel", title: "渠道分账" },
] as const;
const TYPE_OPTIONS = RECEIVER_TYPES.map((t) => ({ value: t, label: RECEIVER_TYPE_NAMES[t] }));

/** The mini-program: its name and AppId (with the OPENID lookup) and its AppSecret. */
export function MiniProgramStep({ form, record, onLookup }: StepProps & { onLookup: () => void }) {
  return (
    <div>
      <Field label="小程序名称">
        <p className="pt-1.5 text-sm">{record.mpName}</p>
      </Field>
      <Field label="小程序AppId">
        <div className="flex items-center gap-3 pt-1">
          <span className="font-mono text-sm">{record.appId}</span>
          <Button size="sm" onClick={onLookup}>
            查询OPENID
          </Button>
        </div>
      </Field>
      <SecretField label="AppSecret" stored={record.secret} maxLength={128} {...form.field("secret")} />
    </div>
  );
}

/** The payment merchant, its certificate and public key as .pem uploads. */
export function MerchantStep({ form, record }: StepProps) {
  const e = form.errors;
  const stored = (x: string | undefined) => (x ? `已上传（${x}）` : undefined);
  return (
    <div className="grid grid-cols-2">
      <Field label="商户号" error={e.mchId}>
        <TextInput {...form.field("mchId")} maxLength={32} />
      </Field>
      <Field label="商户名称" error={e.mchName}>
        <TextInput {...form.field("mchName")} maxLength={50} />
      </Field>
      <Field label="证书序列号" error={e.secretNumber}>
        <TextInput {...form.field("secretNumber")} maxLength={64} />
      </Field>
      <SecretField label="APIv3密钥" stored={record.apiV3Key} maxLength={64} {...form.field("apiV3Key")} />
      <Field label="商户证书" error={e.certPath} hint={form.values.certPath ? "已选择新证书，保存后生效" : undefined}>
        <FileUploader kind="pem" current={stored(record.certPath)} onUploaded={(f) => form.set("certPath", f.remotename)} label="上传证书" />
      </Field>
      <Field label="公钥ID" error={e.publickeyId} hint="可不填">
        <TextInput {...form.field("publickeyId")} maxLength={64} placeholder="PUB_KEY_ID_…" />
      </Field>
      <Field label="公钥文件" error={e.publicKeyPath} hint={form.values.publicKeyPath ? "已选择新公钥，保存后生效" : undefined}>
        <FileUploader kind="pem" current={stored(record.publicKeyPath)} onUploaded={(f) => form.set("publicKeyPath", f.remotename)} label="上传公钥" />
      </Field>
    </div>
  );
}

/** The profit-sharing receivers of the group, the agent and the channel (each all three values or none, R493–R496). */
export function ReceiversStep({ form }: Pick<StepProps, "form">) {
  const e = form.errors;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-slate-500">每一方的类型、名称、账号须同时填写；三项都不填表示该方不参与分账。</p>
      {PARTIES.map(({ p, title }) => (
        <fieldset key={p} className="rounded border border-slate-200 px-3 pb-1">
          <legend className="px-1 text-sm text-slate-700">{title}</legend>
          <div className="grid grid-cols-2">
            <Field label="类型" error={e[`${p}Type`]}>
              <Select {...form.field(`${p}Type`)} options={TYPE_OPTIONS} placeholder="不参与" aria-label={`${title}类型`} />
            </Field>
            <Field label="名称" error={e[`${p}Name`]}>
              <TextInput {...form.field(`${p}Name`)} maxLength={50} aria-label={`${title}名称`} />
            </Field>
            <Field label="账号" error={e[`${p}Account`]}>
              <TextInput {...form.field(`${p}Account`)} maxLength={64} aria-label={`${title}账号`} />
            </Field>
          </div>
        </fieldset>
      ))}
    </div>
  );
}
