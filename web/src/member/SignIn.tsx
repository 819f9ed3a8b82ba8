import { useCallback, useEffect, useState } from "react";
import type { DataOf } from "../lib/contract.ts";
import { api } from "../lib/api.ts";
import { memberApi, memberSession } from "./memberApi.ts";
import { Failed, Loading, Tap } from "./parts.tsx";

/**
 * Signing a member in. The tenant is the one binding this host (as the console's login page finds
 * it). In WeChat the mini-program's wx.login code signs in; here, on a sandbox stage (`npm start`),
 * the code names this browser's own sandbox openid (`sandbox:<openid>`), so a member can try the
 * whole flow on one machine. A stage without the sandbox refuses that code with the server's text.
 */
type Brand = NonNullable<DataOf<"GET /gateway/oauth/tenant">>;

/** The tenant of this host (no query client here: the sign-in page is the H5's first load, kept small). */
function useBrand() {
  const [brand, setBrand] = useState<Brand | null | undefined>();
  const read = useCallback(() => {
    setBrand(undefined);
    void api.call("GET /gateway/oauth/tenant", { domain: location.host, clientId: "" }).then((r) => setBrand(r.code === "200" && r.data ? r.data : null));
  }, []);
  useEffect(read, [read]);
  return { brand, read };
}

export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { brand, read } = useBrand();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  if (brand === undefined) return <Loading />;
  if (brand === null) return <Failed text="没有读取到平台信息" retry={read} />;
  const tenant = brand.clientId;

  async function signIn() {
    setBusy(true);
    setFailure("");
    const r = await memberApi.call("POST /xiangyu/api/mp/login", { tenant, code: `sandbox:${memberSession.sandboxOpenid()}`, appId: "" }, { json: true });
    setBusy(false);
    if (r.code !== "200" || !r.data) return setFailure(r.desc || "登录失败");
    memberSession.token = r.data.access_token;
    onSignedIn();
  }

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-white px-6 text-center">
      {brand.loginLogo && <img src={brand.loginLogo} alt="" className="h-16" />}
      <h1 className="text-xl font-semibold">{brand.systemName || "会员中心"}</h1>
      <p className="text-sm text-slate-500">登录后查看您的周次、房券和订单</p>
      <Tap onClick={() => void signIn()} busy={busy}>
        微信一键登录
      </Tap>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
    </main>
  );
}
