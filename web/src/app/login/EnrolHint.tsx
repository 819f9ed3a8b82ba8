import { QrCode } from "../../ui/text/QrCode.tsx";

/** A sign-in whose role requires two-factor the user has not set up: the QR code and the key to enrol with. */
export function EnrolHint({ otpauth, secret }: { otpauth: string; secret: string | undefined }) {
  return (
    <div className="space-y-2 text-sm text-gray-600">
      <p>你的账号需要开启两步验证。请用身份验证器（如 Google Authenticator、Microsoft Authenticator）扫描二维码，再输入其显示的6位动态验证码。</p>
      <div className="flex justify-center">
        <QrCode text={otpauth} />
      </div>
      <p>
        无法扫码时手动输入密钥：<code className="break-all rounded bg-gray-100 px-1 text-gray-800">{secret}</code>
      </p>
    </div>
  );
}
