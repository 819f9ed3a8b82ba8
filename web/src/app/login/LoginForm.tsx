import { useState, type FormEvent } from "react";
import { Link } from "@tanstack/react-router";
import { api, session } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import type { Tenant } from "../tenant.ts";
import { TwoFactorStep, type Challenge } from "./TwoFactorStep.tsx";

/**
 * The password grant of POST /gateway/oauth/login with the tenant's client credentials. Enter in
 * either field submits; a refusal shows the server's desc (R006) and keeps what was typed.
 */
export function LoginForm({ tenant, onLoggedIn }: { tenant: Tenant; onLoggedIn: () => Promise<void> }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!username.trim()) return setProblem("请输入用户名");
    if (!password) return setProblem("请输入密码");
    setProblem("");
    setBusy(true);
    try {
      const r = await api.call("POST /gateway/oauth/login", {
        grant_type: "password",
        client_id: tenant.clientId,
        client_secret: tenant.clientSecret,
        scope: tenant.scope || "all",
        username: username.trim(),
        password,
      });
      const signed = r.data;
      // A second factor due: the code step takes over (TwoFactorStep).
      if (r.code === "200" && signed && "twoFactor" in signed && signed.twoFactor && signed.challenge) return setChallenge(signed);
      if (r.code !== "200" || !signed || !("access_token" in signed) || !signed.access_token) {
        const text = r.desc || "登录失败";
        toast.error(text);
        setProblem(text);
        return;
      }
      session.token = signed.access_token;
      await onLoggedIn();
    } finally {
      setBusy(false);
    }
  }

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
      {(tenant.allowReg === 1 || tenant.allowForgot === 1) && (
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
      )}
    </form>
  );
}
