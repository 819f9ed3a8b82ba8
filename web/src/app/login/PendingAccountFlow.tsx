import { Link } from "@tanstack/react-router";
import { colorVars, DEFAULT_COLORS, useTenant } from "../tenant.ts";
import { LoginBackground } from "./LoginBackground.tsx";

/**
 * Registration and password recovery are offered by the tenant record (allowReg / allowForgot) but
 * their SMS flows come with the SMS area; until then the link leads here instead of nowhere.
 */
export function PendingAccountFlow({ title }: { title: string }) {
  const tenant = useTenant();
  return (
    <div style={colorVars(tenant.data?.colors ?? DEFAULT_COLORS)} className="relative flex min-h-screen items-center justify-center p-6">
      <LoginBackground images={tenant.data?.bgimages ?? []} />
      <section className="relative w-full max-w-[380px] rounded-lg bg-white/95 px-8 py-9 text-center shadow-2xl">
        <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
        <p className="mt-4 text-sm text-gray-600">该功能正在建设中，请联系管理员办理。</p>
        <Link
          to="/login"
          className="mt-6 inline-block rounded-md bg-(--xy-login) px-5 py-2 text-sm text-white hover:brightness-110 focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-(--xy-login)/50"
        >
          返回登录
        </Link>
      </section>
    </div>
  );
}
