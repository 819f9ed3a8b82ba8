import type { FormEvent, ReactNode } from "react";
import type { DataOf } from "../../lib/contract.ts";
import { Button } from "../../ui/Button.tsx";
import { QrCode } from "../../ui/text/QrCode.tsx";

/** What the two-factor dialog shows in each state: the recovery codes, switched on, switched off, and the scan to switch on. */
type Status = DataOf<"GET /gateway/api/manage/users/totp/status">;
type Secret = Pick<DataOf<"POST /gateway/api/manage/users/totp/setup">, "secret" | "otpauth">;

/** The ten recovery codes, shown this once after switching on. */
export function RecoveryCodesNotice({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <div className="space-y-3 text-sm text-slate-600">
      <p className="font-medium text-slate-900">请保存恢复码</p>
      <p>手机丢失时，可用恢复码代替动态验证码登录，每个只能使用一次。恢复码只显示这一次。</p>
      <ul aria-label="恢复码" className="grid grid-cols-2 gap-1 rounded-md bg-slate-50 p-3 font-mono text-slate-800">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex justify-end">
        <Button variant="primary" onClick={onSaved}>
          我已保存
        </Button>
      </div>
    </div>
  );
}

/** Switched on: the recovery codes left, and switching off with a code unless a role requires it. */
export function TurnOffForm({ status, onSubmit, code, busy }: { status: Status; onSubmit: (e: FormEvent) => void; code: ReactNode; busy: boolean }) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 text-sm text-slate-600">
      <p>
        状态：<span className="font-medium text-green-700">已开启</span>，剩余恢复码 {status.recoveryLeft} 个。
      </p>
      {status.required === 1 ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-800">你的角色要求两步验证，不能关闭</p>
      ) : (
        <>
          {code}
          <div className="flex justify-end">
            <Button type="submit" variant="danger" busy={busy}>
              关闭两步验证
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

/** Switched off: what two-factor is, and the button that starts switching it on. */
export function TurnOnOffer({ required, busy, onStart }: { required: boolean; busy: boolean; onStart: () => void }) {
  return (
    <div className="space-y-3 text-sm text-slate-600">
      <p>
        状态：<span className="font-medium text-slate-900">未开启</span>
      </p>
      {required && <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-800">你的角色要求两步验证，下次登录时须先开启</p>}
      <p>开启后，登录时除密码外还须输入身份验证器（如 Google Authenticator、Microsoft Authenticator）显示的6位动态验证码。</p>
      <div className="flex justify-end">
        <Button variant="primary" busy={busy} onClick={onStart}>
          开启两步验证
        </Button>
      </div>
    </div>
  );
}

/** Switching on: the new secret as a QR code and as text, then a code of it. */
export function ScanForm({ secret, onSubmit, code, busy }: { secret: Secret; onSubmit: (e: FormEvent) => void; code: ReactNode; busy: boolean }) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 text-sm text-slate-600">
      <p>请用身份验证器扫描二维码，再输入其显示的6位动态验证码。</p>
      <div className="flex justify-center">
        <QrCode text={secret.otpauth} />
      </div>
      <p>
        无法扫码时手动输入密钥：<code className="break-all rounded bg-slate-100 px-1 text-slate-800">{secret.secret}</code>
      </p>
      {code}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" busy={busy}>
          验证并开启
        </Button>
      </div>
    </form>
  );
}
