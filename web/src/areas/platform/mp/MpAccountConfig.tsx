import { useState } from "react";
import * as v from "valibot";
import { useQueryClient } from "@tanstack/react-query";
import { MP_MSG, PayconfigInput, RECEIVER_TYPE_NAMES, RECEIVER_TYPES, payconfigReplyIsError } from "@xiangyu/core/platform/schemas";
import { useApi } from "../../../lib/screen.tsx";
import { invalidateRoutes } from "../../../lib/routeQuery.ts";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../../ui/Button.tsx";
import { Field } from "../../../ui/form/Field.tsx";
import { Select, TextInput } from "../../../ui/form/inputs.tsx";
import { startValues } from "../../../ui/form/startValues.ts";
import { REFUSED, fieldErrors, useSchemaForm } from "../../../ui/form/useSchemaForm.ts";
import { FileUploader } from "../../../ui/FileUploader.tsx";
import { Modal } from "../../../ui/Modal.tsx";
import { Wizard } from "../../../ui/Steps.tsx";
import { ConfigDialog } from "../ConfigDialog.tsx";
import { SecretField } from "../SecretField.tsx";
import { MP_STALE, useMpConfig, type MpConfig } from "./mpQueries.ts";

/**
 * 账户配置 (S, R492–R500): three steps — the mini-program (AppId, AppSecret, with the OPENID lookup),
 * the payment merchant (its certificate and public key as .pem uploads) and the profit-sharing
 * receivers of the group, the agent and the channel (each all three values or none, R493–R496).
 * Secrets are never shown again: a blank field keeps the stored one. The reply's desc is shown as
 * an error when it says 失败 or 不正确, otherwise as a success (R498).
 */
type Props = { id: number; onClose: () => void };

export function MpAccountConfig({ id, onClose }: Props) {
  const read = useMpConfig(id);
  return (
    <ConfigDialog title="账户配置" editing read={read} onClose={onClose}>
      {(record) => record && <Editor record={record} onClose={onClose} />}
    </ConfigDialog>
  );
}

const PARTIES = [
  { p: "group", title: "集团分账" },
  { p: "agent", title: "代理分账" },
  { p: "channel", title: "渠道分账" },
] as const;
const TYPE_OPTIONS = RECEIVER_TYPES.map((t) => ({ value: t, label: RECEIVER_TYPE_NAMES[t] }));

const STEP_FIELDS = [
  ["secret"],
  ["mchId", "mchName", "secretNumber", "apiV3Key", "certPath", "publickeyId", "publicKeyPath"],
  PARTIES.flatMap(({ p }) => [`${p}Type`, `${p}Name`, `${p}Account`]),
] as const;

function Editor({ record, onClose }: { record: MpConfig; onClose: () => void }) {
  const api = useApi();
  const qc = useQueryClient();
  const initial = startValues(record, {
    id: record.id,
    mchId: "",
    mchName: "",
    secretNumber: "",
    publickeyId: "",
    groupType: "",
    groupName: "",
    groupAccount: "",
    agentType: "",
    agentName: "",
    agentAccount: "",
    channelType: "",
    channelName: "",
    channelAccount: "",
  });
  const form = useSchemaForm(PayconfigInput, { ...initial, secret: "", apiV3Key: "", certPath: "", publicKeyPath: "" }, { hidden: ["id"] });
  const [busy, setBusy] = useState(false);
  const [lookup, setLookup] = useState(false);
  const e = form.errors;
  const stored = (x: string | undefined) => (x ? `已上传（${x}）` : undefined);

  /** A step moves on only when its own fields pass the shared schema (their messages shown). */
  const stepValid = (names: readonly string[]) => () => {
    const r = v.safeParse(PayconfigInput, form.values);
    const errs = r.success ? {} : fieldErrors(r.issues);
    const failing = names.filter((n) => errs[n]);
    failing.forEach((n) => form.field(n as never).onBlur());
    if (failing.length) toast.error(errs[failing[0]!] ?? REFUSED);
    return failing.length === 0;
  };

  async function finish() {
    if (!stepValid(STEP_FIELDS.flat())()) return;
    // Every step's fields passed the route's own schema: the values are its input (a refusal of the whole record is said as a refused submit).
    const input = form.values;
    if (!v.is(PayconfigInput, input)) return void toast.error(REFUSED);
    setBusy(true);
    try {
      const r = await api.call("POST /xiangyu/api/mpconfig/savePayconfig", input);
      if (r.code !== "200" || payconfigReplyIsError(r.desc ?? "")) return void toast.error(r.desc || "保存出错");
      toast.success(r.desc || "保存成功");
      await invalidateRoutes(qc, MP_STALE);
      onClose();
    } catch {
      toast.error("保存出错");
    } finally {
      setBusy(false);
    }
  }

  const steps = [
    {
      title: "小程序信息",
      validate: stepValid(STEP_FIELDS[0]),
      content: (
        <div>
          <Field label="小程序名称">
            <p className="pt-1.5 text-sm">{record.mpName}</p>
          </Field>
          <Field label="小程序AppId">
            <div className="flex items-center gap-3 pt-1">
              <span className="font-mono text-sm">{record.appId}</span>
              <Button size="sm" onClick={() => setLookup(true)}>
                查询OPENID
              </Button>
            </div>
          </Field>
          <SecretField label="AppSecret" stored={record.secret} maxLength={128} {...form.field("secret")} />
        </div>
      ),
    },
    {
      title: "支付商户信息",
      validate: stepValid(STEP_FIELDS[1]),
      content: (
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
      ),
    },
    {
      title: "分账接收方",
      validate: stepValid(STEP_FIELDS[2]),
      content: (
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
      ),
    },
  ];

  return (
    <>
      <Wizard steps={steps} onFinish={finish} finishText="保存" busy={busy} />
      {lookup && <OpenIdLookup appId={record.appId} onClose={() => setLookup(false)} />}
    </>
  );
}

/** The OPENID lookup (R501–R503): the openid of a mobile user of this mini-program by mobile number. */
function OpenIdLookup({ appId, onClose }: { appId: string; onClose: () => void }) {
  const api = useApi();
  const [mobile, setMobile] = useState("");
  const [openId, setOpenId] = useState("");
  const [busy, setBusy] = useState(false);

  async function find() {
    setOpenId("");
    if (!appId) return void toast.error(MP_MSG.openIdAppId);
    if (!mobile.trim()) return void toast.error(MP_MSG.openIdMobile);
    setBusy(true);
    try {
      const r = await api.call("GET /xiangyu/api/mpconfig/getMpOpenIdByMobileAndAppId", { appId, mobile: mobile.trim() });
      if (r.code !== "200") return void toast.error(r.desc || MP_MSG.openIdFailed);
      setOpenId(String(r.data ?? ""));
    } catch {
      toast.error(MP_MSG.openIdFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open width={500} title="查询OPENID" onClose={onClose}>
      <Field label="手机号码">
        <div className="flex gap-2">
          <TextInput value={mobile} onChange={(x) => setMobile(String(x ?? ""))} maxLength={11} placeholder="请输入手机号码" aria-label="手机号码" />
          <Button variant="primary" onClick={find} busy={busy}>
            查询
          </Button>
        </div>
      </Field>
      {openId && (
        <Field label="OPENID">
          <p className="pt-1.5 font-mono text-sm break-all" data-testid="openid">
            {openId}
          </p>
        </Field>
      )}
    </Modal>
  );
}
