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
