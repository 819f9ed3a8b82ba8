import { useState } from "react";
import * as v from "valibot";
import { useQueryClient } from "@tanstack/react-query";
import { PayconfigInput, payconfigReplyIsError } from "@xiangyu/core/platform/schemas";
import { useApi } from "../../../lib/screen.tsx";
import { invalidateRoutes } from "../../../lib/routeQuery.ts";
import { toast } from "../../../lib/toast.ts";
import { startValues } from "../../../ui/form/startValues.ts";
import { REFUSED, fieldErrors, useSchemaForm } from "../../../ui/form/useSchemaForm.ts";
import { Wizard } from "../../../ui/feedback/Steps.tsx";
import { ConfigDialog } from "../ConfigDialog.tsx";
import { MP_STALE, useMpConfig, type MpConfig } from "./mpQueries.ts";
import { MerchantStep, MiniProgramStep, PARTIES, ReceiversStep } from "./MpAccountSteps.tsx";
import { OpenIdLookup } from "./OpenIdLookup.tsx";

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
      content: <MiniProgramStep form={form} record={record} onLookup={() => setLookup(true)} />,
    },
    {
      title: "支付商户信息",
      validate: stepValid(STEP_FIELDS[1]),
      content: <MerchantStep form={form} record={record} />,
    },
    {
      title: "分账接收方",
      validate: stepValid(STEP_FIELDS[2]),
      content: <ReceiversStep form={form} />,
    },
  ];

  return (
    <>
      <Wizard steps={steps} onFinish={finish} finishText="保存" busy={busy} />
      {lookup && <OpenIdLookup appId={record.appId} onClose={() => setLookup(false)} />}
    </>
  );
}
