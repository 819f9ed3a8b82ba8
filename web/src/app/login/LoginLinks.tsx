import { Link } from "@tanstack/react-router";
import type { Tenant } from "../tenant.ts";

/** The links under the sign-in button: registering and a forgotten password, where the tenant allows them. */
export function LoginLinks({ tenant }: { tenant: Tenant }) {
  if (tenant.allowReg !== 1 && tenant.allowForgot !== 1) return null;
  return (
    <div className="flex justify-between text-sm">
      {tenant.allowReg === 1 ? (
        <Link to="/register" className="rounded text-gray-600 hover:text-(--xy-login) focus:outline-none focus-visible:ring-2 focus-visible:ring-(--xy-login)/40">
          注册账号
        </Link>
      ) : (
        <span />
      )}
      {tenant.allowForgot === 1 && (
        <Link to="/forgot" className="rounded text-gray-600 hover:text-(--xy-login) focus:outline-none focus-visible:ring-2 focus-visible:ring-(--xy-login)/40">
          忘记密码
        </Link>
      )}
    </div>
  );
}
