import type { DataOf, GetKey, InputFor, RowOf } from "@xiangyu/functions/contract";

/**
 * The website's calls: only the public, read-only routes (docs/api.md), each naming the site's own
 * host (`domain`), by which the server finds the tenant — as the console's login page does. Inputs
 * and replies are typed from the route table by the route's key, never copied (types only: nothing
 * of the server reaches the bundle).
 */
export type Envelope<K extends GetKey> = {
  code: string;
  desc: string;
  data?: DataOf<K>;
  dataList?: RowOf<K>[];
  pageParams?: { maxPage: number; currentPage: number; maxCount: number };
};

export type SiteConfig = DataOf<"GET /gateway/oauth/loadWebsiteConfig">;
export type Menu = RowOf<"GET /gateway/api/manage/appcenter/loadfrontmenu/{mainMenuId}">;
export type Article = DataOf<"GET /gateway/api/information/loadViewById">;

export class ApiError extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the site sends besides its host: the route's input; path parameters ({mainMenuId}) are taken from it. */
type Ask<K extends GetKey> = Omit<InputFor<K>, "domain">;

export async function call<K extends GetKey>(key: K, input: Ask<K>): Promise<Envelope<K>> {
  const rest: Record<string, unknown> = { ...(input as object) };
  const path = key.slice("GET ".length).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ""));
  });
  const q = new URLSearchParams({ ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v ?? "")])), domain: location.host });
  const r = await fetch(`${path}?${q}`, { headers: { accept: "application/json" } });
  const body = (await r.json()) as Envelope<K>;
  if (body.code !== "200") throw new ApiError(body.code, body.desc);
  return body;
}
