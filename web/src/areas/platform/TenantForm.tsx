import { MAX_TENANT_BGIMAGES, TENANT_COLOR_DEFAULTS, TENANT_GRANT_TYPES, TenantInput } from "@xiangyu/core/platform/schemas";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { Select, TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { ENABLED, RadioField } from "../../ui/form/RadioField.tsx";
import { PicturesField } from "../../ui/form/PicturesField.tsx";
import { ImageUploader } from "../../ui/upload/ImageUploader.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { TENANT_GRANT_TYPE_NAMES, TENANT_SCOPE_NAMES } from "./tenantTexts.ts";
import { useSaveTenant, useTenant, type Tenant } from "./tenantQueries.ts";
import { TenantColorFields } from "./TenantColorFields.tsx";

/**
 * The tenant dialog (R432–R442): identity and credentials (the clientId is locked on edit), domains
 * one per line, the login page's logo, copyright and up to 10 background images, and the ten
 * colours with their defaults. A new tenant also takes its first administrator's mobile and initial
 * password: saving provisions the tenant, and that administrator must change the password at the
 * first sign-in.
 */
const SCOPES = Object.entries(TENANT_SCOPE_NAMES).map(([value, label]) => ({ value, label }));
const ALLOW = [
  { value: 1, label: "允许" },
  { value: 0, label: "禁止" },
];

type Props = { clientId?: string; onClose: () => void };

export function TenantForm({ clientId, onClose }: Props) {
  const tenant = useTenant(clientId);
  const reading = !!clientId && tenant.isPending;
  return (
    <Modal open width={1200} title={clientId ? "编辑租户" : "新增租户"} onClose={onClose}>
      {tenant.isError ? (
        <p className="text-sm text-red-600">{tenant.error.message}</p>
      ) : reading ? (
        <p className="py-10 text-center text-sm text-slate-400">正在读取数据…</p>
      ) : (
        <Editor tenant={tenant.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function Editor({ tenant, onClose }: { tenant?: Tenant; onClose: () => void }) {
  const initial = startValues(tenant, {
    id: "",
    clientId: "",
    password: "",
    scope: "all",
    grantType: "password",
    systemName: "",
    sysHomePage: "",
    domain2: "",
    loginLogo: "",
    copyright: "",
    bgimages: [] as string[],
    idisplay: 0,
    allowReg: 0,
    allowForgot: 0,
    ...TENANT_COLOR_DEFAULTS,
  });
  const form = useSchemaForm(TenantInput, { ...initial, adminMobile: "", adminPassword: "" }, { hidden: ["id"] });
  const mayWrite = useMayWrite(tenant?.id);
  const post = useSaveTenant({ onClose });
  const save = form.submit(() => post({ ...form.values, id: form.values.id || undefined, bgimages: JSON.stringify(form.values.bgimages ?? []) }));
  const e = form.errors;
  const logo = String(form.values.loginLogo ?? "");

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose} sticky>
      <div className="grid grid-cols-2">
        <Field label="租户ID" required error={e.clientId} hint={tenant ? "租户ID不能修改" : "字母、数字、下划线或短横线，登录时使用"}>
          <TextInput {...form.field("clientId")} maxLength={32} disabled={!!tenant} placeholder="如 xiangyu" />
        </Field>
        <Field label="租户密码" required error={e.password} hint="即客户端密钥（client_secret），登录页使用">
          <TextInput {...form.field("password")} maxLength={64} />
        </Field>
        <RadioField label="授权范围" required {...form.field("scope")} options={SCOPES} disabled={!mayWrite} />
        <Field label="授权类型" required error={e.grantType}>
          <Select {...form.field("grantType")} options={TENANT_GRANT_TYPES.map((g) => ({ value: g, label: `${TENANT_GRANT_TYPE_NAMES[g]}（${g}）` }))} placeholder={false} />
        </Field>
        <Field label="平台名称" required error={e.systemName} hint="最多50个字">
          <TextInput {...form.field("systemName")} maxLength={50} />
        </Field>
        <Field label="首页地址" error={e.sysHomePage}>
          <TextInput {...form.field("sysHomePage")} maxLength={200} placeholder="如 /homepage" />
        </Field>
      </div>
      <Field label="绑定域名" required error={e.domain2} hint="每行一个域名">
        <TextArea {...form.field("domain2")} rows={3} placeholder={"www.example.com\nadmin.example.com"} />
      </Field>
      {!tenant && (
        <div className="grid grid-cols-2">
          <Field label="管理员手机号" required error={e.adminMobile} hint="首个管理员（用户名 admin）用此手机号登录">
            <TextInput {...form.field("adminMobile")} maxLength={11} inputMode="numeric" />
          </Field>
          <Field label="管理员初始密码" required error={e.adminPassword} hint="首次登录时须修改">
            <TextInput {...form.field("adminPassword")} type="password" autoComplete="new-password" maxLength={128} />
          </Field>
        </div>
      )}
      <div className="grid grid-cols-3">
        <RadioField label="状态" {...form.field("idisplay")} options={ENABLED} disabled={!mayWrite} />
        <RadioField label="允许注册" {...form.field("allowReg")} options={ALLOW} disabled={!mayWrite} />
        <RadioField label="允许找回密码" {...form.field("allowForgot")} options={ALLOW} disabled={!mayWrite} />
      </div>
      <Field label="登录页LOGO" error={e.loginLogo}>
        <ImageUploader value={logo ? [logo] : []} onChange={(urls) => form.set("loginLogo", urls[0] ?? "")} max={1} maxKB={500} disabled={!mayWrite} />
      </Field>
      <Field label="版权信息" error={e.copyright}>
        <TextInput {...form.field("copyright")} maxLength={200} placeholder="如 © 享域酒店会员俱乐部" />
      </Field>
      <PicturesField
        label="登录页背景图"
        hint={`最多${MAX_TENANT_BGIMAGES}张，第一张为默认背景`}
        {...form.field("bgimages")}
        max={MAX_TENANT_BGIMAGES}
        maxKB={2000}
        disabled={!mayWrite}
      />
      <TenantColorFields form={form} readOnly={!mayWrite} />
    </EditForm>
  );
}
