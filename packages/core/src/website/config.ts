import { WebsiteConfig, type WebsiteConfigItem } from "./entities.ts";
import { DEFAULT_MAIN_COLOR, DEFAULT_MAIN_MENU_ID, DEFAULT_SECOND_COLOR, frontMenu, menuProblem, type FrontMenu, type MenuKind, type WebsiteMenu } from "./rules.ts";
import { PORTAL_MISSING, type WebsiteConfigInput } from "./schemas.ts";
import { functionsOf } from "../platform/menu.ts";
import { getTenant, getTenantByDomain } from "../platform/tenants.ts";
import { formatDateTime, nowMs } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * The website's configuration and menu (loadWebsiteConfig, loadPortalConfig, loadfrontmenu), and
 * the tenant a website request belongs to. Public reads are cached per container for 10 s, like the
 * login page's tenant lookup: the website is the part anyone on the internet can call.
 */

/** The modules whose functions may be website menus: information columns, and the hotels' folder for the hotel directory. */
const CONTENT_MODULE = "content";
const HOTELS_MODULE = "hotels";

/**
 * The tenant a public request belongs to: the one binding the site's host (the same lookup as the
 * login page, platform/tenants.ts). A host no enabled tenant binds answers the spec's portal message.
 */
export async function tenantOfSite(domain: string): Promise<string> {
  const t = domain ? await getTenantByDomain(domain) : null;
  if (!t || t.idisplay !== 1 || t.deleting === 1) throw new DomainError(PORTAL_MISSING, "404");
  return t.clientId;
}

const cache = new Map<string, { at: number; config: Promise<WebsiteConfigItem | null> }>();
const CACHE_MS = 10_000;

async function readConfig(tenantId: string, fresh = false): Promise<WebsiteConfigItem | null> {
  const hit = cache.get(tenantId);
  if (!fresh && hit && nowMs() - hit.at < CACHE_MS) return hit.config;
  const config = WebsiteConfig.get({ tenantId })
    .go()
    .then((r) => r.data);
  cache.set(tenantId, { at: nowMs(), config });
  config.catch(() => cache.delete(tenantId));
  return config;
}

/** The configuration as the website and the console read it; a tenant that saved none gets its name and the defaults. */
export async function websiteConfig(tenantId: string, fresh = false) {
  const [c, t] = await Promise.all([readConfig(tenantId, fresh), getTenant(tenantId)]);
  return {
    branchId: 0,
    branchname: c?.branchname || t?.systemName || "",
    indexLogo: c?.indexLogo ?? "",
    pageLogo: c?.pageLogo ?? "",
    pagePurpose: c?.pagePurpose ?? "",
    nopic: c?.nopic ?? "",
    branchaddress: c?.branchaddress ?? "",
    branchleadermobile: c?.branchleadermobile ?? "",
    icp: c?.icp ?? "",
    companyname: c?.companyname || t?.copyright || "",
    mainMenuId: c?.mainMenuId || DEFAULT_MAIN_MENU_ID,
    menufatherid: 0,
    mainColor: c?.mainColor || DEFAULT_MAIN_COLOR,
    secondColor: c?.secondColor || DEFAULT_SECOND_COLOR,
    menus: (c?.menus ?? []) as WebsiteMenu[],
  };
}
export type WebsiteConfigView = Awaited<ReturnType<typeof websiteConfig>>;
/** What the public website gets: the same without the stored menu entries (it asks loadfrontmenu). */
export type PublicWebsiteConfig = Omit<WebsiteConfigView, "menus">;
export async function publicWebsiteConfig(tenantId: string): Promise<PublicWebsiteConfig> {
  const { menus: _menus, ...rest } = await websiteConfig(tenantId);
  return rest;
}

/** The portal (loadPortalConfig): the code the website keeps in local storage (R606) and its name. */
export async function portalConfig(tenantId: string): Promise<{ portalCode: string; branchId: number; branchname: string }> {
  const c = await websiteConfig(tenantId);
  return { portalCode: tenantId, branchId: c.branchId, branchname: c.branchname };
}

/** The website's menu (loadfrontmenu/{mainMenuId}); another menu id is not this website's. */
export async function websiteMenu(tenantId: string, mainMenuId: number): Promise<FrontMenu[]> {
  const c = await websiteConfig(tenantId);
  if (mainMenuId !== c.mainMenuId) throw new DomainError("菜单不存在", "404");
  return frontMenu(c.menus);
}

/**
 * The functions a menu may name, with their names (the console's picker): the content functions
 * (a list or a single page), and the hotels module's folder as the hotel directory (issue 35).
 */
export async function menuCandidates(tenantId: string): Promise<Array<{ typeid: number; typename: string; kind: MenuKind }>> {
  const fns = [...(await functionsOf(tenantId)).values()].sort((a, b) => a.id - b.id);
  const columns = fns
    .filter((f) => f.module === CONTENT_MODULE && f.path)
    .map((f) => ({ typeid: f.id, typename: f.typename, kind: f.path === "/infoview" ? ("page" as const) : ("list" as const) }));
  const hotels = fns.find((f) => f.module === HOTELS_MODULE && !f.path);
  return hotels ? [...columns, { typeid: hotels.id, typename: "酒店目录", kind: "hotels" as const }] : columns;
}

/** Saves the configuration (网站设置, right E): every menu names one of the tenant's information functions once. */
export async function saveWebsiteConfig(caller: Caller, input: WebsiteConfigInput): Promise<WebsiteConfigView> {
  const { tenantId } = caller;
  const candidates = await menuCandidates(tenantId);
  const problem = menuProblem(input.menus, new Set(candidates.map((c) => c.typeid)));
  if (problem) throw new DomainError(problem, "400");
  // What an entry opens is the function's, whatever the form sent.
  const kinds = new Map(candidates.map((c) => [c.typeid, c.kind]));
  const menus = input.menus.map((m) => ({ ...m, kind: kinds.get(m.typeid) ?? m.kind }));
  await WebsiteConfig.put({ tenantId, ...input, menus, mainMenuId: DEFAULT_MAIN_MENU_ID, updatetime: formatDateTime() }).go({ response: "none" });
  cache.delete(tenantId);
  return websiteConfig(tenantId, true);
}
