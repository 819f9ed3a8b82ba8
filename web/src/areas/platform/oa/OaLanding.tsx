import { useEffect, useState } from "react";
import { OA_MSG } from "@xiangyu/core/platform/schemas";
import { api } from "../../../lib/api.ts";
import { parseSearch } from "../../../app/search.ts";

/**
 * #/weixinauth (the binding landing page, R509–R510), opened in WeChat's browser from the
 * authorise QR, outside the console's frame and without a session. Its address carries
 * `bindingKey` and `weixinAppId` (a `token` of older links is not needed: the key is the credential).
 * Without `code` it goes to WeChat's OAuth (base scope) — the server names the address, the sandbox's
 * scan page on one machine — returning here with `code` and `state` (= the key) in the query, as
 * WeChat does; with them it posts the binding and says 已成功绑定微信公众号 or 绑定公众号失败.
 */
type Phase = { kind: "working" } | { kind: "done"; text: string } | { kind: "failed"; text: string };

/** The page's parameters: WeChat's in the query before the hash, ours in the hash's own query. */
function params(): Record<string, string> {
  const hashQuery = window.location.hash.includes("?") ? window.location.hash.slice(window.location.hash.indexOf("?")) : "";
  const fromHash = parseSearch(hashQuery) as Record<string, unknown>;
  const fromQuery = Object.fromEntries(new URLSearchParams(window.location.search));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...fromHash, ...fromQuery })) if (typeof v === "string" || typeof v === "number") out[k] = String(v);
  return out;
}

export default function OaLanding() {
  const [phase, setPhase] = useState<Phase>({ kind: "working" });

  useEffect(() => {
    let live = true;
    const p = params();
    const key = p.bindingKey || p.state || "";
    const fail = (text?: string) => live && setPhase({ kind: "failed", text: text || OA_MSG.failed });
    if (!key) return void fail();
    void (async () => {
      try {
        if (!p.code) {
          const r = await api.call("GET /gateway/api/weixinservice/oaAuthorizeUrl", { bindingKey: key, redirectUri: window.location.href, state: key });
          if (r.code !== "200" || !r.data?.url) return fail(r.desc);
          window.location.replace(r.data.url);
          return;
        }
        const r = await api.call("POST /gateway/api/weixinservice/oaBinding", { key, jsCode: p.code });
        if (!live) return;
        if (r.code === "200") setPhase({ kind: "done", text: OA_MSG.bound });
        else fail(OA_MSG.failed);
      } catch {
        fail();
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-6">
      <section className="w-full max-w-sm rounded-lg bg-white p-8 text-center shadow">
        {phase.kind === "working" ? (
          <h1 className="text-lg text-slate-700">正在授权…</h1>
        ) : (
          <>
            <div className={`mx-auto flex size-14 items-center justify-center rounded-full text-2xl text-white ${phase.kind === "done" ? "bg-green-500" : "bg-red-500"}`}>
              {phase.kind === "done" ? "✓" : "!"}
            </div>
            <h1 className="mt-4 text-lg font-medium text-slate-900" role="status">
              {phase.text}
            </h1>
            {phase.kind === "done" && <p className="mt-2 text-sm text-slate-500">请回到电脑上的绑定页面，页面将自动完成。</p>}
          </>
        )}
      </section>
    </main>
  );
}
