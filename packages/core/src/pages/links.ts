/**
 * Where a link of a designed page may lead (issue 34). A component's link holds a mini-program
 * path from this table (`/pages/hotel/list`, `/pages/custom/index?code=home`…), an http(s)
 * address or a `tel:` number; the designer's link picker offers the table, the member H5 maps each
 * path to its own screen (`memberScreenOf`), and the mini-program team builds a page for each
 * path. One table, so a link a staff member picks opens a real screen everywhere.
 */
export type LinkTarget = {
  /** The mini-program path (and the value stored in the document); `{id}`/`{code}` name a parameter. */
  path: string;
  /** What the picker shows. */
  label: string;
  /** The member H5's screen (a hash route); the same parameter names. */
  screen: string;
  /** What the parameter picks, when the path has one. */
  param?: { name: "id" | "code"; of: "page" | "hotel" | "goods" | "lottery" | "article" };
};

export const LINK_TARGETS: readonly LinkTarget[] = [
  { path: "/pages/custom/index?code={code}", label: "自定义页面", screen: "/p/{code}", param: { name: "code", of: "page" } },
  { path: "/pages/hotel/list", label: "预订酒店", screen: "/hotels" },
  { path: "/pages/hotel/detail?id={id}", label: "酒店详情", screen: "/hotel/{id}", param: { name: "id", of: "hotel" } },
  { path: "/pages/member/membership", label: "我的周次与房券", screen: "/membership" },
  { path: "/pages/order/list", label: "我的订单", screen: "/orders" },
  { path: "/pages/member/bind", label: "绑定手机号", screen: "/bind" },
  { path: "/pages/goods/list", label: "商城", screen: "/goods" },
  { path: "/pages/goods/detail?id={id}", label: "商品详情", screen: "/goods/{id}", param: { name: "id", of: "goods" } },
  { path: "/pages/goods/orders", label: "我的商品订单", screen: "/goods-orders" },
  { path: "/pages/lottery/list", label: "抽奖活动", screen: "/lotteries" },
  { path: "/pages/lottery/index?id={id}", label: "抽奖", screen: "/lottery/{id}", param: { name: "id", of: "lottery" } },
  { path: "/pages/lottery/records", label: "我的奖品", screen: "/prizes" },
  { path: "/pages/article/detail?id={id}", label: "资讯详情", screen: "/article/{id}", param: { name: "id", of: "article" } },
];

/** Mini-program paths of earlier documents that now lead to one of the table's screens. */
const FORMER: Readonly<Record<string, string>> = {
  "/pages/voucher/list": "/membership",
  "/pages/weeks/index": "/membership",
  "/pages/activity/list": "/lotteries",
  "/pages/search/index": "/hotels",
};

const PARAM = /\{(id|code)\}/;

/** A path of the table with its parameter filled in (the picker's value). */
export const linkOf = (target: LinkTarget, value?: string | number): string => (target.param ? target.path.replace(PARAM, String(value ?? "")) : target.path);

export type MemberLink = { kind: "screen"; screen: string; target?: LinkTarget; value?: string } | { kind: "external"; href: string } | { kind: "none" };

/** The parameter a link names: digits for an id, a page code's letters for a code. */
const VALUE = { id: /^[1-9][0-9]{0,11}$/, code: /^[A-Za-z0-9_-]{1,50}$/ } as const;

/**
 * Where a stored link leads in the member H5: one of its screens (with the table's entry and the
 * parameter, so a test can check the record exists), an outside address, or nowhere (blank, an
 * unknown path, an API path). Query parameters beyond the table's one are ignored.
 */
export function memberScreenOf(url: string | undefined): MemberLink {
  const s = (url ?? "").trim();
  if (!s) return { kind: "none" };
  if (/^(https?:\/\/|tel:)/i.test(s)) return { kind: "external", href: s };
  const [path = "", query = ""] = s.split("?", 2);
  const params = new URLSearchParams(query);
  if (FORMER[path]) return { kind: "screen", screen: FORMER[path] };
  for (const target of LINK_TARGETS) {
    const [tPath] = target.path.split("?");
    if (tPath !== path) continue;
    if (!target.param) return { kind: "screen", screen: target.screen, target };
    const value = params.get(target.param.name) ?? "";
    if (!VALUE[target.param.name].test(value)) return { kind: "none" };
    return { kind: "screen", screen: target.screen.replace(PARAM, value), target, value };
  }
  return { kind: "none" };
}
