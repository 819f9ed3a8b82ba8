import { useEffect } from "react";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { colorVars, DEFAULT_COLORS, useTenant, type Tenant } from "../tenant.ts";
import { meQuery } from "../me.ts";
import { safeRedirect } from "../redirect.ts";
import { forgetSession } from "../session.ts";
import { LoginBackground } from "./LoginBackground.tsx";
import { LoginForm } from "./LoginForm.tsx";
import { EnvelopeError } from "../../lib/query.ts";

/** The login page, branded from the tenant record; after login the user returns where they were. */
export function LoginPage() {
  const { redirect, expired } = useSearch({ from: "/login" });
  const tenant = useTenant();
  const navigate = useNavigate();
  const qc = useQueryClient();

  useEffect(() => {
    document.title = tenant.data ? `登录 - ${tenant.data.systemName}` : "登录";
  }, [tenant.data]);

  async function loggedIn() {
    forgetSession(qc);
    // users/info also sets the branch header every later request carries.
    await qc.fetchQuery(meQuery).catch(() => undefined);
    await navigate({ href: safeRedirect(redirect), replace: true });
  }

  return (
    <div style={colorVars(tenant.data?.colors ?? DEFAULT_COLORS)} className="relative flex min-h-screen flex-col">
      <LoginBackground images={tenant.data?.bgimages ?? []} />
      <main className="relative flex flex-1 items-center justify-center p-6">
        <section aria-labelledby="login-title" className="w-full max-w-[380px] rounded-lg bg-white px-8 py-9 shadow-2xl">
          <Brand tenant={tenant.data} />
          {expired === "1" && (
            <p role="status" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
              登录已过期，请重新登录
            </p>
          )}
          {tenant.data ? (
            <LoginForm tenant={tenant.data} onLoggedIn={loggedIn} />
          ) : tenant.isError ? (
            <div className="space-y-3 text-sm">
              <p role="alert" className="text-red-600">
                {tenantProblem(tenant.error)}
              </p>
              <button
                type="button"
                onClick={() => tenant.refetch()}
                className="rounded-md border border-gray-300 px-3 py-1.5 text-gray-700 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              >
                重试
              </button>
            </div>
          ) : (
            <p className="py-10 text-center text-sm text-gray-500">正在读取数据…</p>
          )}
        </section>
      </main>
      {tenant.data?.copyright && <footer className="relative pb-5 text-center text-xs text-white/85 [text-shadow:0_1px_2px_rgba(0,0,0,0.5)]">{tenant.data.copyright}</footer>}
    </div>
  );
}

/** Why there is no login form: the server's own words for an unknown domain or a disabled tenant, else that it could not be read. */
function tenantProblem(e: Error): string {
  return e instanceof EnvelopeError && e.code !== "500" && e.desc ? e.desc : "没有读取到平台信息，暂时无法登录。";
}

function Brand({ tenant }: { tenant: Tenant | undefined }) {
  return (
    <header className="mb-6 text-center">
      {tenant?.loginLogo && <img src={tenant.loginLogo} alt="" className="mx-auto mb-3 max-h-14 max-w-[220px] object-contain" />}
      <h1 id="login-title" className="text-xl font-semibold text-gray-900">
        {tenant?.systemName ?? "\u00a0"}
      </h1>
      <p className="mt-1 text-sm text-gray-500">请登录管理后台</p>
    </header>
  );
}
