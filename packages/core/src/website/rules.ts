/**
 * The website's pure rules (R595–R606): its default colours, the id of its menu, and how the menu
 * entries chosen in the console become the menu the website draws (typeid, typename, frontlink, subMenus).
 */

/** R599: the default theme colours. */
export const DEFAULT_MAIN_COLOR = "#950101";
export const DEFAULT_SECOND_COLOR = "#ae0026";
/** The website's menu id (loadfrontmenu/{mainMenuId}): the content folder of the console menu. */
export const DEFAULT_MAIN_MENU_ID = 1300;
/** At most this many menu entries (top and sub menus together). */
export const MAX_MENUS = 30;

/** A menu entry as stored: a content function, its name on the website, its parent (0: top menu). */
export type WebsiteMenu = { typeid: number; typename: string; parent: number; kind: MenuKind };
/** An information column's list or single page, or the hotel directory (issue 35: the hotels module's folder stands for it). */
export type MenuKind = "list" | "page" | "hotels";
export const MENU_KINDS = ["list", "page", "hotels"] as const;
/** The hotel directory's address below the site's root (the content Lambda's /site/hotels/list). */
export const HOTELS_LINK = "/hotels/list";
export type FrontMenu = { typeid: number; typename: string; frontlink: string; subMenus: FrontMenu[] };

/** A list function opens its article list, a single-record function its one page (docs/gaps.md §10), the hotels' folder the directory. */
export const frontlink = (m: Pick<WebsiteMenu, "typeid" | "kind">): string =>
  m.kind === "hotels" ? HOTELS_LINK : m.kind === "page" ? `/information/infoview?functionId=${m.typeid}` : `/information/list?functionId=${m.typeid}`;

/** The stored entries as a two-level menu, in the stored order; a sub-menu whose parent is gone is dropped. */
export function frontMenu(menus: readonly WebsiteMenu[]): FrontMenu[] {
  const top = menus.filter((m) => !m.parent);
  return top.map((t) => ({
    typeid: t.typeid,
    typename: t.typename,
    frontlink: frontlink(t),
    subMenus: menus.filter((m) => m.parent === t.typeid).map((s) => ({ typeid: s.typeid, typename: s.typename, frontlink: frontlink(s), subMenus: [] })),
  }));
}

/** Problems with a menu list, in the console's words; empty when it is fine. */
export function menuProblem(menus: readonly WebsiteMenu[], functions: ReadonlySet<number>): string {
  if (menus.length > MAX_MENUS) return `网站菜单最多${MAX_MENUS}项`;
  const seen = new Set<number>();
  for (const m of menus) {
    if (!functions.has(m.typeid)) return `菜单「${m.typename}」不是信息栏目`;
    if (seen.has(m.typeid)) return `菜单「${m.typename}」重复`;
    seen.add(m.typeid);
  }
  for (const m of menus) {
    if (!m.parent) continue;
    const p = menus.find((x) => x.typeid === m.parent);
    if (!p || p.parent) return `菜单「${m.typename}」的上级菜单不正确`;
  }
  return "";
}
