/**
 * Where the website's pages live (docs/content.md "Pages rendered by the content Lambda"). The
 * content Lambda serves them under /site/ (its routes); the website's own domain shows them at its
 * root. The website's CloudFront function (stacks/Site.ts) and the local gateway
 * (packages/local/src/twin/gateway.ts) both turn a visitor's address into the route's path with
 * `sitePagePath`, so the two cannot disagree: `/` is the home route, a page path keeps its name, any
 * other address is the 404 page. No dependencies: the CloudFront function is built from its source.
 */
export const SITE_PAGES = ["information/list", "information/view", "information/infoview", "hotels/list", "hotels/view", "robots.txt", "sitemap.xml", "favicon.ico"];

/** The route path for a path below the site's root ("" or "index.html" is home). */
export function sitePagePath(below: string): string {
  if (below === "" || below === "index.html") return "/site/index";
  return SITE_PAGES.indexOf(below) >= 0 ? "/site/" + below : "/site/404";
}

/**
 * The header naming the root the visitor sees, when it is not /site/: CloudFront's function sets
 * it to `/` on the website's domain, so links, canonical addresses and the sitemap name `/…`.
 */
export const SITE_ROOT_HEADER = "x-site-root";

/**
 * The build's files the website's domain serves as they are (CloudFront's S3 behaviours; the local
 * gateway the same): hashed assets, the stable entry and the demo pictures. Every other address is a page.
 */
export const SITE_FILE_PATTERNS = ["assets/*", "demo/*", "app.js", "app.css"];
export const isSiteFile = (below: string): boolean =>
  SITE_FILE_PATTERNS.some((p) => (p.endsWith("*") ? below.startsWith(p.slice(0, -1)) && below.length > p.length - 1 : below === p));
