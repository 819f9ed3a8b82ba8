import { randomBytes } from "node:crypto";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { invoke } from "../src/http/invoke.ts";
import { provisionTenant } from "@xiangyu/core/platform/provision";
import { createDepartments } from "@xiangyu/core/org/provision";
import { createRole, createUser } from "@xiangyu/core/users/service";
import { forgetRoles } from "@xiangyu/core/auth/rolesCache";
import { forgetTenant } from "@xiangyu/core/platform/tenants";
import { openMemberSession } from "@xiangyu/core/auth/member";
import { MENU } from "@xiangyu/core/platform/standardMenu";
import { STYLE_PARAMS } from "../../local/src/seed/styleParams.ts";
import { DEMO_DEPARTMENTS } from "../../local/src/seed/demo.ts";
import { checkReply } from "./openapiReplies.ts";

/** Route tests call the area Lambdas exactly as the gateway does (same event, same router). */
export type Reply = { status: number; body: any; headers: Record<string, string> };

export type CallOpts = {
  token?: string;
  functionId?: number | string;
  query?: Record<string, string | number>;
  form?: Record<string, string | number>;
  json?: unknown;
  raw?: { body: Buffer; contentType: string };
  headers?: Record<string, string>;
};

export async function call(method: "GET" | "POST", path: string, o: CallOpts = {}): Promise<Reply> {
  const headers: Record<string, string> = { host: "localhost", ...(o.headers ?? {}) };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.functionId !== undefined) headers.functionid = String(o.functionId);
  let body: Buffer | undefined;
  if (o.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = Buffer.from(new URLSearchParams(Object.entries(o.form).map(([k, v]) => [k, String(v)] as [string, string])).toString());
  } else if (o.json !== undefined) {
    headers["content-type"] = "application/json";
    body = Buffer.from(JSON.stringify(o.json));
  } else if (o.raw) {
    headers["content-type"] = o.raw.contentType;
    body = o.raw.body;
  }
  const qs = o.query ? "?" + new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)] as [string, string])).toString() : "";
  const r = await invoke({ method, url: path + qs, headers, body });
  if (!r) return { status: 404, body: { code: "404", desc: "接口不存在" }, headers: {} };
  const text = r.body ? Buffer.from(r.body, r.isBase64Encoded ? "base64" : "utf8").toString("utf8") : "";
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: redirects, files */
  }
  // Every JSON reply fits the OpenAPI document's schema for its route and status (openapiReplies.ts).
  checkReply(method, path, r.statusCode, parsed, r.headers?.["content-type"]);
  return { status: r.statusCode, body: parsed, headers: r.headers ?? {} };
}

export const get = (path: string, o?: CallOpts) => call("GET", path, o);
export const post = (path: string, o?: CallOpts) => call("POST", path, o);

export const ADMIN_PASSWORD = "Admin@12345";

/** A freshly provisioned tenant with the demo menu, lists and departments, and helpers to log in. */
export async function testTenant(name = `t${randomBytes(4).toString("hex")}`) {
  const clientId = name;
  const clientSecret = `${name}-secret`;
  const adminMobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  await provisionTenant({
    clientId,
    clientSecret,
    systemName: `测试平台 ${name}`,
    menu: MENU,
    styleParams: STYLE_PARAMS,
    admin: { username: "admin", password: ADMIN_PASSWORD, mobile: adminMobile, realname: "管理员" },
  });
  const depts = await createDepartments(clientId, DEMO_DEPARTMENTS);
  return tenantHandle({ clientId, clientSecret, adminMobile, depts });
}

/** Helpers to log in to an existing tenant (one provisioned above, or through the tenant routes) as its admin and as new staff. */
export async function tenantHandle(o: {
  clientId: string;
  clientSecret: string;
  adminMobile: string;
  depts: Awaited<ReturnType<typeof createDepartments>>;
  adminPassword?: string;
}) {
  const { clientId, clientSecret, adminMobile, depts } = o;
  async function login(username: string, password: string): Promise<Reply> {
    return post("/gateway/oauth/login", { form: { grant_type: "password", client_id: clientId, client_secret: clientSecret, username, password, scope: "all" } });
  }
  async function token(username: string, password: string): Promise<string> {
    const r = await login(username, password);
    if (r.body.code !== "200") throw new Error(`login failed: ${JSON.stringify(r.body)}`);
    return r.body.data.access_token;
  }
  /** A staff user holding exactly `rights` (function id → letters) in the given departments. */
  async function userWith(rights: Record<string, string>, opts: { deptCodes?: string[]; username?: string; managelevel?: number } = {}) {
    const roleId = await createRole(clientId, `角色${randomBytes(3).toString("hex")}`, rights);
    forgetRoles(clientId);
    const username = opts.username ?? `u${randomBytes(4).toString("hex")}`;
    const password = "Passw0rd!x";
    const user = await createUser(clientId, { username, password, roleIds: [roleId], deptCodes: opts.deptCodes ?? [""], managelevel: opts.managelevel ?? 3 });
    return { user, username, password, token: await token(username, password) };
  }
  return { clientId, clientSecret, adminMobile, depts, login, token, userWith, adminToken: await token("admin", o.adminPassword ?? ADMIN_PASSWORD) };
}

/** A mini-program member's bearer token for an existing mobile user (no sign-in round trip). */
export const memberToken = async (tenantId: string, mobileUserId: number): Promise<string> => (await openMemberSession(tenantId, mobileUserId)).access_token;

/**
 * A tenant with a website domain of its own (`<clientId>.site.test`): the public routes find their
 * tenant by the host they are read on (content, page render).
 */
export async function siteTenant(prefix: string) {
  const clientId = `${prefix}${randomBytes(4).toString("hex")}`;
  const adminMobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  await provisionTenant({
    clientId,
    clientSecret: `${clientId}-secret`,
    systemName: `测试平台 ${clientId}`,
    menu: MENU,
    styleParams: STYLE_PARAMS,
    admin: { username: "admin", password: ADMIN_PASSWORD, mobile: adminMobile, realname: "管理员" },
    record: { domain: [`${clientId}.site.test`] },
  });
  forgetTenant(clientId);
  const depts = await createDepartments(clientId, DEMO_DEPARTMENTS);
  return { ...(await tenantHandle({ clientId, clientSecret: `${clientId}-secret`, adminMobile, depts })), domain: `${clientId}.site.test` };
}

/**
 * Every business item of the table (pk|sk → the item as JSON), to compare before and after calls
 * that must store nothing. Left out: what records who did what rather than business data.
 */
/** JSON with every object's keys in order: an updated item comes back with its attributes in another order. */
const stable = (x: unknown): string =>
  Array.isArray(x)
    ? `[${x.map(stable).join(",")}]`
    : x && typeof x === "object"
      ? `{${Object.keys(x)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${stable((x as Record<string, unknown>)[k])}`)
          .join(",")}}`
      : (JSON.stringify(x) ?? "null");

export async function tableItems(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: process.env.XY_TABLE!, ExclusiveStartKey }));
    for (const item of page.Items ?? []) {
      // The operation log, sessions and sign-in accounting record who did what, not business data;
      // so do the login log and a two-factor enrolment (totp/setup takes no input: any call offers a secret),
      // and an official-account binding key (initOaBindingInfo takes no required input: any call asks for one).
      // The occupancy roll-up is a derived aggregate any reader of hotel/occupancy may write when none answers (hotels/occupancyRollup.ts).
      if (["oplog", "session", "signinguard", "addressattempts", "loginlog", "twofactor", "oabindingkey", "hoteloccupancy"].includes(String(item.__edb_e__).toLowerCase()))
        continue;
      if (/^(id|total)#(oplog|loginlog)/.test(String(item.sk))) continue;
      // The tenant's session version moves whenever a session ends (auth/sessions.ts): session accounting too.
      const { sessionsVersion: _v, ...kept } = item;
      out.set(`${item.pk}|${item.sk}`, stable(kept));
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}
