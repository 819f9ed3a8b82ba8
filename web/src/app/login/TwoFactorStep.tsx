import { useState, type FormEvent } from "react";
import { api } from "../../lib/api.ts";
import type { DataOf } from "../../lib/contract.ts";
import { toast } from "../../lib/toast.ts";
import { QrCode } from "../../ui/QrCode.tsx";
import type { Tenant } from "../tenant.ts";

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

  if (recovery)
    return (
      <div className="space-y-3">
        <h2 className="text-base font-medium text-gray-900">请保存恢复码</h2>
        <p className="text-sm text-gray-600">手机丢失时，可用恢复码代替动态验证码登录，每个只能使用一次。恢复码只显示这一次。</p>
        <ul aria-label="恢复码" className="grid grid-cols-2 gap-1 rounded-md bg-gray-50 p-3 font-mono text-sm text-gray-800">
          {recovery.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <button type="button" className={button} onClick={() => void onSigned(recovery.token)}>
          我已保存，进入系统
        </button>
      </div>
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {challenge.twoFactor === "enrol" && challenge.otpauth && (
        <div className="space-y-2 text-sm text-gray-600">
          <p>你的账号需要开启两步验证。请用身份验证器（如 Google Authenticator、Microsoft Authenticator）扫描二维码，再输入其显示的6位动态验证码。</p>
          <div className="flex justify-center">
            <QrCode text={challenge.otpauth} />
          </div>
          <p>
            无法扫码时手动输入密钥：<code className="break-all rounded bg-gray-100 px-1 text-gray-800">{challenge.secret}</code>
          </p>
        </div>
      )}
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
