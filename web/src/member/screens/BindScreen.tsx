import { useEffect, useState, type FormEvent } from "react";
import { Card, ScreenBar, Tap } from "../parts.tsx";
import { useMemberRead, useMemberWrite } from "../queries.ts";

/**
 * Binding a mobile (POST mp/sms/send, mp/bind): the member's mini-program account is linked to the
 * club's client with that mobile, or a new client is registered. The code can be asked again after
 * the server's wait (resendIn).
 */
export default function BindScreen() {
  const me = useMemberRead("GET /xiangyu/api/mp/me", {});
  const send = useMemberWrite("POST /xiangyu/api/mp/sms/send", { success: "验证码已发送" });
  const bind = useMemberWrite("POST /xiangyu/api/mp/bind", { success: "绑定成功", stale: ["GET /xiangyu/api/mp/me", "GET /xiangyu/api/mp/membership"] });
  const [mobile, setMobile] = useState("");
  const [smsCode, setSmsCode] = useState("");
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    bind.mutate({ mobile, smsCode }, { onSuccess: () => (location.hash = "/membership") });
  };
  const bound = me.data?.data?.mobile;
  return (
    <>
      <ScreenBar title="绑定手机号" />
      {bound && (
        <Card>
          <p className="text-sm">
            已绑定手机号 <strong>{bound}</strong>
            {me.data?.data?.realname ? `（${me.data.data.realname}）` : ""}，可重新绑定其他手机号。
          </p>
        </Card>
      )}
      <Card>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <label className="flex flex-col gap-1 text-sm">
            手机号
            <input
              value={mobile}
              onChange={(e) => setMobile(e.target.value.trim())}
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              required
              className="h-11 rounded-lg border border-slate-300 px-3 text-base"
            />
          </label>
          <div className="flex items-end gap-2">
            <label className="flex flex-1 flex-col gap-1 text-sm">
              验证码
              <input
                value={smsCode}
                onChange={(e) => setSmsCode(e.target.value.trim())}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                className="h-11 rounded-lg border border-slate-300 px-3 text-base"
              />
            </label>
            <Tap kind="plain" busy={send.isPending} disabled={wait > 0} onClick={() => send.mutate({ mobile }, { onSuccess: (r) => setWait(r.data?.resendIn ?? 60) })}>
              {wait > 0 ? `${wait}秒后重发` : "获取验证码"}
            </Tap>
          </div>
          <Tap type="submit" busy={bind.isPending}>
            绑定
          </Tap>
        </form>
      </Card>
    </>
  );
}
