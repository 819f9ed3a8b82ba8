import { useCallback, useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { OA_MSG } from "@xiangyu/core/platform/schemas";
import { useApi } from "../../../lib/screen.tsx";
import { toast } from "../../../lib/toast.ts";
import { tenantQuery } from "../../../app/tenant.ts";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../ui/dialogs/Confirm.tsx";
import { Steps } from "../../../ui/feedback/Steps.tsx";
import { CURRENT_USER_KEY, useCurrentUser } from "../../../ui/useCurrentUser.ts";
import { reLogin } from "./reLogin.ts";
import { BindingStage, type BindingInfo } from "./BindingStage.tsx";

/**
 * /bindingweixin (绑定公众号, R504–R508): a staff member binds their WeChat official-account openid,
 * where message push reaches them. Bound: the openid and 重新绑定 (after a confirmation, R505).
 * Otherwise the follow QR, then the authorise QR — the landing page's address with a binding key —
 * polled every 3 s until WeChat has confirmed; then the login is refreshed (reLogin) and the page
 * shows the new id. A key lasts 10 minutes: past it the page says 绑定公众号失败 and offers a new one.
 */
const POLL_MS = 3_000;

export default function OaBinding() {
  const { data: me, isPending } = useCurrentUser();
  const bound = me?.oaOpenId ?? "";
  const [binding, setBinding] = useState<{ rebind: boolean } | null>(null);

  if (isPending) return <p className="p-6 text-sm text-slate-400">正在读取数据…</p>;
  if (bound && !binding)
    return (
      <section className="m-4 max-w-xl rounded-lg border border-slate-200 bg-white p-6">
        <h2 className="text-base font-medium">已绑定微信公众号</h2>
        <p className="mt-3 text-sm text-slate-600">
          绑定的OPENID：
          <span className="font-mono text-slate-900" data-testid="bound-openid">
            {bound}
          </span>
        </p>
        <p className="mt-1 text-xs text-slate-500">电邀预约等工作消息将推送到这个微信。</p>
        <Button
          className="mt-5"
          onClick={async () => {
            if (await confirm({ title: "重新绑定", message: "重新绑定将解除当前绑定的微信公众号，确定继续吗？", okText: "重新绑定" })) setBinding({ rebind: true });
          }}
        >
          重新绑定
        </Button>
      </section>
    );
  return <BindingSteps rebind={binding?.rebind ?? false} onBound={() => setBinding(null)} />;
}

function BindingSteps({ rebind, onBound }: { rebind: boolean; onBound: () => void }) {
  const api = useApi();
  const qc = useQueryClient();
  const { data: tenant } = useQuery(tenantQuery);
  const [info, setInfo] = useState<BindingInfo | null>(null);
  const [step, setStep] = useState(0);
  const [failed, setFailed] = useState("");
  const [round, setRound] = useState(0);

  // A new key on open and on 重新生成 (the first one unbinds when this is a rebind).
  useEffect(() => {
    let live = true;
    setInfo(null);
    setFailed("");
    void api
      .call("POST /gateway/api/weixinservice/initOaBindingInfo", { rebind: rebind && round === 0 ? 1 : 0 })
      .then((r) => {
        if (!live) return;
        if (r.code !== "200" || !r.data) return setFailed(r.desc || OA_MSG.failed);
        setInfo(r.data);
      })
      .catch(() => live && setFailed(OA_MSG.failed));
    return () => {
      live = false;
    };
  }, [api, rebind, round]);

  const finish = useCallback(async () => {
    if (tenant && !(await reLogin(tenant))) return void toast.error(OA_MSG.reLoginFailed);
    toast.success(OA_MSG.boundShort);
    await qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    onBound();
  }, [tenant, qc, onBound]);

  // Polls the key every 3 s while the authorise QR is shown, until bound or expired.
  useEffect(() => {
    if (!info || step !== 1 || failed) return;
    let live = true;
    const timer = setInterval(async () => {
      const r = await api.call("GET /gateway/api/weixinservice/checkOaBinding", { key: info.key }).catch(() => null);
      if (!live || !r) return;
      if (r.code !== "200" || r.data?.state === 2) {
        clearInterval(timer);
        setFailed(OA_MSG.failed);
      } else if (r.data?.state === 1) {
        clearInterval(timer);
        void finish();
      }
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, info, step, failed, finish]);

  return (
    <section className="m-4 max-w-xl rounded-lg border border-slate-200 bg-white p-6">
      <Steps titles={["关注公众号", "授权绑定"]} current={step} />
      <BindingStage failed={failed} info={info} step={step} onRetry={() => setRound((n) => n + 1)} onStep={setStep} />
    </section>
  );
}
