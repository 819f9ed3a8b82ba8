import type { RouteContext } from "../http/app.ts";
import { publicWebsiteConfig, tenantOfSite, websiteMenu } from "@xiangyu/core/website/config";
import { DomainError } from "@xiangyu/core/kernel/errors";
import { missingPage, pageResponse, type Site } from "./sitePage.ts";
import { SITE_ROOT_HEADER } from "./sitePaths.ts";

/**
 * A website page's request (docs/content.md "Pages rendered by the content Lambda"): which site it is
 * for and the wrapper every page's handler is written in. Shared by the content area and the hotel
 * pages' area (siteHotels, a second Lambda of the website: docs/decisions.md "A module may be served
 * by two Lambdas").
 */
/** The query of any website page (each route declares its own subset). */
export type Page = RouteContext<{ functionId?: number; id?: number; preview?: string; page?: number; type?: number; city?: string }>;

/**
 * The website's pages as HTML (docs/content.md "Pages rendered by the content Lambda"). The site's
 * host names the tenant (a browser's navigation sends no `domain`); the root the visitor sees is
 * /site/ unless the website's CloudFront function names another (`x-site-root: /`).
 */
async function siteOf(ctx: Page): Promise<Site | Response> {
  const host = ctx.header("x-forwarded-host") || ctx.header("host") || "";
  let tenantId: string;
  try {
    tenantId = await tenantOfSite(host);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return new Response(e.desc, { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  const [config, proto] = [await publicWebsiteConfig(tenantId), ctx.header("x-forwarded-proto") === "https" ? "https" : "http"];
  const menus = await websiteMenu(tenantId, config.mainMenuId);
  const base = ctx.header(SITE_ROOT_HEADER) === "/" ? "/" : "/site/";
  return { base, origin: `${proto}://${host}`, portal: tenantId, config, menus };
}

/** Renders one page for the site, or answers the host's refusal; a domain error (an article gone) is the 404 page. */
export function sitePage(render: (s: Site, ctx: Page) => Promise<Response>) {
  return async (ctx: Page): Promise<Response> => {
    const s = await siteOf(ctx);
    if (s instanceof Response) return s;
    try {
      return await render(s, ctx);
    } catch (e) {
      if (e instanceof DomainError) return pageResponse(missingPage(s, e.desc), { status: 404 });
      throw e;
    }
  };
}
