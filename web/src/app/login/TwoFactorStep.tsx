import { useState, type FormEvent } from "react";
import { api } from "../../lib/api.ts";
import type { DataOf } from "../../lib/contract.ts";
import { toast } from "../../lib/toast.ts";
import type { Tenant } from "../tenant.ts";
import { EnrolHint } from "./EnrolHint.tsx";
import { SavedRecoveryCodes } from "./SavedRecoveryCodes.tsx";

const LOGIN = "POST /gateway/oauth/login";
/** The password step's answer when a code is due (core auth/sessions.ts TwoFactorChallenge). */
export type Challenge = Extract<DataOf<typeof LOGIN>, { twoFactor: string }>;

/**
 * The second step of sign-in (grant_type totp): the six-digit code of the user's authenticator, or
 * one of their recovery codes. An enrolment (a role requires two-factor and the user has none yet)
 * shows the QR code and the key first; its recovery codes are shown once after the code is right.
 */
export function TwoFactorStep({ tenant, challenge, onSigned, onBack }: { tenant: Tenant; challenge: Challenge; onSigned: (token: string) => Promise<void>; onBack: () => void }) {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const [recovery, setRecovery] = useState<{ token: string; codes: string[] } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return setProblem("请输入动态验证码");
    setProblem("");
    setBusy(true);
    try {
      const r = await api.call(LOGIN, {
        grant_type: "totp",
        client_id: tenant.clientId,
        client_secret: tenant.clientSecret,
        scope: tenant.scope || "all",
        challenge: challenge.challenge,
        code: code.trim(),
      });
      const signed = r.data;
      if (r.code !== "200" || !signed || !("access_token" in signed) || !signed.access_token) {
        const text = r.desc || "登录失败";
        toast.error(text);
        setProblem(text);
        return;
      }
      if (signed.recoveryCodes?.length) setRecovery({ token: signed.access_token, codes: signed.recoveryCodes });
      else await onSigned(signed.access_token);
    } finally {
      setBusy(false);
    }
  }

  const button =
    "w-full rounded-md bg-(--xy-login) py-2.5 text-sm font-medium tracking-widest text-white shadow-sm hover:brightness-110 focus:outline-none focus-visible:ring-2 focus-visible:ring-(--xy-login)/50 focus-visible:ring-offset-2 disabled:opacity-60";

  if (recovery) return <SavedRecoveryCodes codes={recovery.codes} buttonClass={button} onSaved={() => void onSigned(recovery.token)} />;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {challenge.twoFactor === "enrol" && challenge.otpauth && <EnrolHint otpauth={challenge.otpauth} secret={challenge.secret} />}
      <div>
        <label htmlFor="login-code" className="mb-1 block text-sm text-gray-700">
          动态验证码
        </label>
        <input
          id="login-code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm tracking-widest text-gray-900 placeholder:text-gray-400 focus:border-(--xy-login) focus:outline-none focus:ring-2 focus:ring-(--xy-login)/30"
          placeholder="6位动态验证码或恢复码"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <p role="alert" className="min-h-5 text-sm text-red-600">
        {problem}
      </p>
      <button type="submit" disabled={busy} className={button}>
        {busy ? "正在验证…" : "验 证"}
      </button>
      <button type="button" onClick={onBack} className="w-full text-sm text-gray-600 hover:text-(--xy-login)">
        返回重新登录
      </button>
    </form>
  );
}
