import { useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import * as v from "valibot";
import { TotpCodeInput } from "@xiangyu/core/auth/schemas";
import { api } from "../../lib/api.ts";
import { routeQuery, useRouteMutation } from "../../lib/routeQuery.ts";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { CodeField } from "./TotpCodeField.tsx";
import { RecoveryCodesNotice, ScanForm, TurnOffForm, TurnOnOffer } from "./twoFactorStates.tsx";

const STATUS = "GET /gateway/api/manage/users/totp/status";

/**
 * Own two-factor sign-in, from the user menu (routes users/totp/*, core auth/twoFactor.ts): its
 * status; switching it on (a new secret as a QR code and as text, then a code of it, then the ten
 * recovery codes, shown this once); switching it off with a code, unless a role requires it.
 */
export function TwoFactorDialog({ onClose }: { onClose: () => void }) {
  const status = useQuery(routeQuery(api, STATUS, {}));
  const setup = useRouteMutation("POST /gateway/api/manage/users/totp/setup", { invalidates: [] });
  // The status changes only once the recovery codes are put away: refreshing it earlier would swap the codes for the status.
  const enable = useRouteMutation("POST /gateway/api/manage/users/totp/enable", { invalidates: [], success: "两步验证已开启" });
  const disable = useRouteMutation("POST /gateway/api/manage/users/totp/disable", { invalidates: [STATUS], success: "两步验证已关闭" });
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState("");
  const [secret, setSecret] = useState<{ secret: string; otpauth: string } | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);

  /** The typed code as the server's schema takes it, or null with the field's message shown. */
  function typed(): string | null {
    const checked = v.safeParse(TotpCodeInput, { code: code.trim() });
    if (!checked.success) {
      setProblem(checked.issues[0].message);
      return null;
    }
    setProblem("");
    return checked.output.code;
  }
  // A refusal was toasted by the mutation; it stays beside the field too.
  const refused = (e: unknown) => setProblem(e instanceof Error ? e.message : "");

  async function start() {
    const r = await setup.mutateAsync({}).catch(() => null);
    if (r?.data) setSecret(r.data);
  }
  async function turnOn(e: FormEvent) {
    e.preventDefault();
    const c = typed();
    if (c === null) return;
    const r = await enable.mutateAsync({ code: c }).catch(refused);
    if (r?.data) setRecovery(r.data.recoveryCodes);
  }
  async function turnOff(e: FormEvent) {
    e.preventDefault();
    const c = typed();
    if (c === null) return;
    if (await disable.mutateAsync({ code: c }).then(() => true, refused)) setCode("");
  }
  async function savedCodes() {
    setRecovery(null);
    setSecret(null);
    setCode("");
    await status.refetch();
  }

  const s = status.data?.data;
  let body;
  if (recovery) body = <RecoveryCodesNotice codes={recovery} onSaved={() => void savedCodes()} />;
  else if (!s) body = <p className="text-sm text-slate-500">{status.isError ? "读取两步验证状态出错" : "正在读取…"}</p>;
  else if (s.enabled === 1)
    body = (
      <TurnOffForm
        status={s}
        onSubmit={turnOff}
        code={<CodeField value={code} onChange={setCode} problem={problem} placeholder="6位动态验证码或恢复码" />}
        busy={disable.isPending}
      />
    );
  else if (!secret) body = <TurnOnOffer required={s.required === 1} busy={setup.isPending} onStart={() => void start()} />;
  else
    body = (
      <ScanForm secret={secret} onSubmit={turnOn} code={<CodeField value={code} onChange={setCode} problem={problem} placeholder="6位动态验证码" />} busy={enable.isPending} />
    );

  return (
    // The recovery codes are shown once: the dialog closes only through 我已保存 while they are up.
    <Modal open title="两步验证" width={500} onClose={recovery ? () => undefined : onClose}>
      {body}
    </Modal>
  );
}
