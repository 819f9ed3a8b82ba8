import { provisionTenant } from "@xiangyu/core/platform/provision";
import { MENU } from "@xiangyu/core/platform/standardMenu";
import { STYLE_PARAMS } from "../seed/styleParams.ts";
import { expectOk, type Gateway } from "./http.ts";

/**
 * A tenant provisioned as a real one is (menu, style lists, super-admin role and admin), and the
 * admin logged in through the gateway. Import only once the stack is up: core builds its clients
 * from the environment the stack sets.
 */
export type BenchTenant = {
  tenantId: string;
  token: string;
  /** Headers of a console request made from a menu function. */
  headers: (functionId: number) => Record<string, string>;
};

/**
 * Each area passes its own tenant name, so areas run in one `npm run bench` never share a tenant.
 * `platform`: the platform tenant, whose administrator is a platform operator (core platform/operator.ts);
 * `domain`: the website's host name, which names the tenant to its public pages.
 */
export async function benchTenant(gw: Gateway, clientId: string, o: { platform?: boolean; domain?: string } = {}): Promise<BenchTenant> {
  const clientSecret = `${clientId}-secret`;
  const password = "Bench@12345";
  await provisionTenant({
    clientId,
    clientSecret,
    systemName: "享域性能测试",
    platform: o.platform,
    ...(o.domain ? { record: { domain: [o.domain] } } : {}),
    menu: MENU,
    styleParams: STYLE_PARAMS,
    admin: { username: "admin", password, mobile: "13900000000", realname: "测试管理员" },
  });
  const r = expectOk(
    await gw.postForm("/gateway/oauth/login", { grant_type: "password", client_id: clientId, client_secret: clientSecret, username: "admin", password, scope: "all" }),
    "login",
  );
  const token: string = r.body.data.access_token;
  return { tenantId: clientId, token, headers: (functionId) => ({ authorization: `Bearer ${token}`, functionid: String(functionId) }) };
}
