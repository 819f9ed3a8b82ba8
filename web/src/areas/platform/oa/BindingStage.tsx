import type { DataOf } from "../../../lib/contract.ts";
import { Button } from "../../../ui/Button.tsx";
import { QrCode } from "../../../ui/text/QrCode.tsx";

/** A binding key with its QR contents (initOaBindingInfo). */
export type BindingInfo = NonNullable<DataOf<"POST /gateway/api/weixinservice/initOaBindingInfo">>;

/** The key's QR contents are relative to the console (the server does not know its address). */
const absolute = (href: string) => (href ? new URL(href, window.location.href).href : "");

/** What the binding shows at each stage: a failure with 重新生成, the key being made, the follow QR, or the authorise QR. */
export function BindingStage({
  failed,
  info,
  step,
  onRetry,
  onStep,
}: {
  failed: string;
  info: BindingInfo | null;
  step: number;
  onRetry: () => void;
  onStep: (step: number) => void;
}) {
  if (failed)
    return (
      <div className="mt-6 text-center">
        <p className="text-sm text-red-600">{failed}</p>
        <Button className="mt-4" onClick={onRetry}>
          重新生成二维码
        </Button>
      </div>
    );
  if (!info) return <p className="mt-6 text-center text-sm text-slate-400">正在生成二维码…</p>;
  if (step === 0)
    return (
      <div className="mt-6 flex flex-col items-center gap-3">
        <p className="text-sm text-slate-700">请使用微信扫码关注公众号</p>
        {info.followQrcode ? <QrCode text={absolute(info.followQrcode)} label="关注公众号二维码" /> : <p className="text-sm text-slate-500">公众号 {info.appId}</p>}
        <Button variant="primary" onClick={() => onStep(1)}>
          已关注，下一步
        </Button>
      </div>
    );
  const landing = absolute(info.qrcode ?? "");
  return (
    <div className="mt-6 flex flex-col items-center gap-3">
      <p className="text-sm text-slate-700">请使用微信扫码，授权绑定公众号</p>
      <QrCode text={landing} label="授权绑定二维码" />
      <p className="text-xs text-slate-500">二维码10分钟内有效，扫码授权后本页自动完成绑定。</p>
      <a href={landing} target="_blank" rel="noreferrer" className="text-xs text-blue-600 underline" data-testid="authorise-link">
        无法扫码？在手机微信中打开此链接
      </a>
      <Button size="sm" variant="link" onClick={() => onStep(0)}>
        上一步
      </Button>
    </div>
  );
}
