import { useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import * as v from "valibot";
import { TotpCodeInput } from "@xiangyu/core/auth/schemas";
import { api } from "../../lib/api.ts";
import { routeQuery, useRouteMutation } from "../../lib/routeQuery.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { QrCode } from "../../ui/QrCode.tsx";

const STATUS = "GET /gateway/api/manage/users/totp/status";

/** The code field both the enrolment and the switch-off use: six digits, or a recovery code to switch off. */
function CodeField({ value, onChange, problem, placeholder }: { value: string; onChange: (s: string) => void; problem: string; placeholder: string }) {
  return (
    <div>
      <label htmlFor="totp-code" className="mb-1 block text-sm text-slate-700">
        动态验证码
      </label>
      <input
        id="totp-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className="block w-full rounded border border-slate-300 px-3 py-1.5 text-sm tracking-widest focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30"
      />
      <p role="alert" className="mt-1 min-h-5 text-sm text-red-600">
        {problem}
      </p>
    </div>
  );
}

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
  if (recovery)
    body = (
      <div className="space-y-3 text-sm text-slate-600">
        <p className="font-medium text-slate-900">请保存恢复码</p>
        <p>手机丢失时，可用恢复码代替动态验证码登录，每个只能使用一次。恢复码只显示这一次。</p>
        <ul aria-label="恢复码" className="grid grid-cols-2 gap-1 rounded-md bg-slate-50 p-3 font-mono text-slate-800">
          {recovery.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="flex justify-end">
          <Button variant="primary" onClick={() => void savedCodes()}>
            我已保存
          </Button>
        </div>
      </div>
    );
  else if (!s) body = <p className="text-sm text-slate-500">{status.isError ? "读取两步验证状态出错" : "正在读取…"}</p>;
  else if (s.enabled === 1)
    body = (
      <form onSubmit={turnOff} noValidate className="space-y-3 text-sm text-slate-600">
        <p>
          状态：<span className="font-medium text-green-700">已开启</span>，剩余恢复码 {s.recoveryLeft} 个。
        </p>
        {s.required === 1 ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-800">你的角色要求两步验证，不能关闭</p>
        ) : (
          <>
            <CodeField value={code} onChange={setCode} problem={problem} placeholder="6位动态验证码或恢复码" />
            <div className="flex justify-end">
              <Button type="submit" variant="danger" busy={disable.isPending}>
                关闭两步验证
              </Button>
            </div>
          </>
        )}
      </form>
    );
  else if (!secret)
    body = (
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          状态：<span className="font-medium text-slate-900">未开启</span>
        </p>
        {s.required === 1 && <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-800">你的角色要求两步验证，下次登录时须先开启</p>}
        <p>开启后，登录时除密码外还须输入身份验证器（如 Google Authenticator、Microsoft Authenticator）显示的6位动态验证码。</p>
        <div className="flex justify-end">
          <Button variant="primary" busy={setup.isPending} onClick={() => void start()}>
            开启两步验证
          </Button>
        </div>
      </div>
    );
  else
    body = (
      <form onSubmit={turnOn} noValidate className="space-y-3 text-sm text-slate-600">
        <p>请用身份验证器扫描二维码，再输入其显示的6位动态验证码。</p>
        <div className="flex justify-center">
          <QrCode text={secret.otpauth} />
        </div>
        <p>
          无法扫码时手动输入密钥：<code className="break-all rounded bg-slate-100 px-1 text-slate-800">{secret.secret}</code>
        </p>
        <CodeField value={code} onChange={setCode} problem={problem} placeholder="6位动态验证码" />
        <div className="flex justify-end">
          <Button type="submit" variant="primary" busy={enable.isPending}>
            验证并开启
          </Button>
        </div>
      </form>
    );

  return (
    // The recovery codes are shown once: the dialog closes only through 我已保存 while they are up.
    <Modal open title="两步验证" width={500} onClose={recovery ? () => undefined : onClose}>
      {body}
    </Modal>
  );
}
