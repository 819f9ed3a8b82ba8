import { useState, type FormEvent } from "react";
import { api, session } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import type { Tenant } from "../tenant.ts";
import type { Challenge } from "./TwoFactorStep.tsx";

/**
 * The password grant of POST /gateway/oauth/login with the tenant's client credentials: the typed
 * name and password, the problem shown under them, and the second-factor challenge when one is due.
 */
export function usePasswordLogin(tenant: Tenant, onLoggedIn: () => Promise<void>) {
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

  return { username, setUsername, password, setPassword, problem, busy, challenge, setChallenge, submit };
}
