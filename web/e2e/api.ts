import { CLIENT } from "./fixtures/users.ts";

/** Direct calls to the product's API, for what a test needs to know or do behind the browser's back. */
export async function apiLogin(baseURL: string, user: { username: string; password: string }): Promise<string> {
  const body = new URLSearchParams({ grant_type: "password", client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, scope: "all", ...user });
  const r = await (await fetch(`${baseURL}/gateway/oauth/login`, { method: "POST", body })).json();
  if (r.code !== "200") throw new Error(`login failed: ${r.desc}`);
  return r.data.access_token as string;
}

export async function apiCall(baseURL: string, token: string, method: "GET" | "POST", path: string, form?: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, appId: CLIENT.clientId, ...headers },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

export type MenuNode = { id: number; typename: string; path: string; params: string; children: MenuNode[] };

/** Every screen of the caller's menu, with its folder. */
export async function menuEntries(baseURL: string, token: string): Promise<(MenuNode & { folder: string })[]> {
  const { body } = await apiCall(baseURL, token, "GET", "/gateway/api/manage/type/list");
  const walk = (nodes: MenuNode[], folder: string): (MenuNode & { folder: string })[] =>
    nodes.flatMap((n) => [...(n.path ? [{ ...n, folder }] : []), ...walk(n.children ?? [], n.path ? folder : n.typename)]);
  return walk(body.dataList, "");
}

/** The code of a store of the demo organisation by its name (组织架构's department tree). */
export async function storeCode(baseURL: string, token: string, orgName: string): Promise<string> {
  const { body } = await apiCall(baseURL, token, "GET", "/gateway/api/organization/app/list");
  type Node = { orgCode: string; orgName: string; children?: Node[] };
  const find = (nodes: Node[]): Node | undefined => nodes.reduce<Node | undefined>((hit, n) => hit ?? (n.orgName === orgName ? n : find(n.children ?? [])), undefined);
  const node = find(body.dataList ?? []);
  if (!node) throw new Error(`no store named ${orgName}`);
  return node.orgCode;
}

/** A new client (客户列表's save) in a store; without a store, in the store of the list's first client. */
export async function newClient(baseURL: string, token: string, c: { clientName: string; mobile: string; status: "1" | "2"; shop?: string }) {
  const clients = { functionId: "2001" };
  const shop = c.shop ?? (await apiCall(baseURL, token, "GET", "/xiangyu/api/client/clientlist?pageSize=20", undefined, clients)).body.dataList[0].shop;
  const saved = await apiCall(baseURL, token, "POST", "/xiangyu/api/client/clientsave", { ...c, shop }, clients);
  if (saved.body?.code !== "200") throw new Error(`client not saved: ${saved.body?.desc}`);
  return { id: saved.body.data.id as number, shop: shop as string };
}

/** A role of the tenant (角色管理's save) holding `rights` (function id → letters); its id. */
export async function newRole(baseURL: string, token: string, r: { name: string; rights: Record<string, string>; dataScope: string }): Promise<number> {
  const saved = await apiCall(baseURL, token, "POST", "/gateway/api/manage/role/save", { ...r, rights: JSON.stringify(r.rights) }, { functionId: "2305" });
  if (saved.body?.code !== "200") throw new Error(`role not saved: ${saved.body?.desc}`);
  return saved.body.data.id as number;
}

/**
 * A colleague in a store (`shop`; "" is the head office), signing in with the mobile, holding one
 * standard role (by its code, packages/core/src/users/roles.ts) or the role of that id (`newRole`).
 */
export async function newStaff(baseURL: string, token: string, s: { role: string | number; mobile: string; realname: string; password: string; shop: string }) {
  const users = { functionId: "2301" };
  const roles = await apiCall(baseURL, token, "GET", "/gateway/api/manage/users/m/rolelist", undefined, users);
  const role = roles.body.dataList.find((r: { id: number; code: string }) => (typeof s.role === "number" ? r.id === s.role : r.code === s.role));
  if (!role) throw new Error(`no role ${s.role}`);
  const saved = await apiCall(
    baseURL,
    token,
    "POST",
    "/gateway/api/manage/users/m/save",
    { mobile: s.mobile, realname: s.realname, password: s.password, roleid: String(role.id), deptid: s.shop },
    users,
  );
  if (saved.body?.code !== "200") throw new Error(`user not saved: ${saved.body?.desc}`);
  return { id: saved.body.data.id as number, username: s.mobile, password: s.password };
}
