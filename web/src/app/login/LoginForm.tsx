import { session } from "../../lib/api.ts";
import type { Tenant } from "../tenant.ts";
import { LoginLinks } from "./LoginLinks.tsx";
import { TwoFactorStep } from "./TwoFactorStep.tsx";
import { usePasswordLogin } from "./usePasswordLogin.ts";

/**
 * The password grant of POST /gateway/oauth/login with the tenant's client credentials. Enter in
 * either field submits; a refusal shows the server's desc (R006) and keeps what was typed.
 */
export function LoginForm({ tenant, onLoggedIn }: { tenant: Tenant; onLoggedIn: () => Promise<void> }) {
  const { username, setUsername, password, setPassword, problem, busy, challenge, setChallenge, submit } = usePasswordLogin(tenant, onLoggedIn);

  const input =
    "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-400 focus:border-(--xy-login) focus:outline-none focus:ring-2 focus:ring-(--xy-login)/30";

  if (challenge)
    return (
      <TwoFactorStep
        tenant={tenant}
        challenge={challenge}
        onBack={() => {
          setChallenge(null);
          setPassword("");
        }}
        onSigned={async (token) => {
          session.token = token;
          await onLoggedIn();
        }}
      />
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor="login-username" className="mb-1 block text-sm text-gray-700">
          用户名
        </label>
        <input
          id="login-username"
          name="username"
          autoComplete="username"
          autoFocus
          className={input}
          placeholder="用户名或手机号"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="login-password" className="mb-1 block text-sm text-gray-700">
          密码
        </label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          className={input}
          placeholder="请输入密码"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <p role="alert" className="min-h-5 text-sm text-red-600">
        {problem}
      </p>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-(--xy-login) py-2.5 text-sm font-medium tracking-widest text-white shadow-sm hover:brightness-110 focus:outline-none focus-visible:ring-2 focus-visible:ring-(--xy-login)/50 focus-visible:ring-offset-2 disabled:opacity-60"
      >
        {busy ? "正在登录…" : "登 录"}
      </button>
      <LoginLinks tenant={tenant} />
    </form>
  );
}
