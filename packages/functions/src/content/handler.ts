import { areaApp, lambda, type Impls, type RouteContext } from "../http/app.ts";
import { admitPublicRead } from "@xiangyu/core/auth/addressLimit";
import { routes } from "./routes.ts";
import type { InformationListQuery } from "@xiangyu/core/content/schemas";
import {
  deleteInformation,
  labelList,
  listInformation,
  manageByFunction,
  previewArticle,
  previewLink,
  publicByFunction,
  publicByLabel,
  publicList,
  publicView,
  saveInformation,
  toggleInformation,
  viewInformation,
} from "@xiangyu/core/content/information";
import { readPreviewToken } from "@xiangyu/core/content/preview";
import { tenantOfSite } from "@xiangyu/core/website/config";
import {
  CAROUSEL_SIZE,
  HTML,
  LATEST_SIZE,
  PAGE_SIZE,
  articlePage,
  faviconSvg,
  homePage,
  listPage,
  missingPage,
  pageResponse,
  robotsTxt,
  sitemapXml,
  type Site,
} from "./sitePage.ts";
import { sitePage } from "./siteRequest.ts";
import { sitemapHotels } from "@xiangyu/core/content/siteHotels";
import { HOTELS_LINK } from "@xiangyu/core/website/rules";
import { sitemapArticles } from "@xiangyu/core/content/sitemap";
import { HOT_LABEL } from "@xiangyu/core/content/rules";
import { ok, okList } from "@xiangyu/core/kernel/envelope";

/**
 * The content area's handlers. A console route works on the articles of the function it was opened
 * from (the checked functionId); a public route on the tenant whose domain the website names.
 */
const typeOf = ({ fn }: RouteContext<unknown>): number => fn!.id;

/** The website's tenant: the `domain` it sends (its own host), else the request's Host. */
const siteTenant = (ctx: RouteContext<{ domain: string }>) => tenantOfSite(ctx.input.domain || ctx.header("x-forwarded-host") || ctx.header("host") || "");

const list_ = async (ctx: RouteContext<InformationListQuery>) =>
  listInformation(ctx.caller, typeOf(ctx), ctx.input.paging, { orgCode: ctx.input.orgCode, infoType: ctx.input.infoType, keyword: ctx.input.paging.keyword });
const passed = async (ctx: RouteContext<{ ids: number[] }>) => {
  const out = await toggleInformation(ctx.caller, typeOf(ctx), ctx.input.ids);
  ctx.actedOn(out.map((o) => o.id));
  return okList(out, undefined, "操作成功");
};
const remove = async (ctx: RouteContext<{ ids: number[] }>) => {
  ctx.actedOn(await deleteInformation(ctx.caller, typeOf(ctx), ctx.input.ids));
  return ok(undefined, "删除成功");
};

const tenantOf = (s: Site) => s.portal;

const home = sitePage(async (s, ctx) => {
  const first = s.menus.find((m) => m.frontlink.includes("/information/list"));
  const [hot, latest] = await Promise.all([
    publicByLabel(tenantOf(s), HOT_LABEL, CAROUSEL_SIZE),
    first ? publicList(tenantOf(s), first.typeid, { currentPage: 1, pageSize: LATEST_SIZE, sort: "sortOrder", order: "asc", keyword: "", keyValue: "" }) : undefined,
  ]);
  return pageResponse(homePage(s, hot, first && { menu: first, items: latest?.dataList ?? [] }), { ifNoneMatch: ctx.header("if-none-match") });
});

const listOf = sitePage(async (s, ctx) => {
  const functionId = ctx.input.functionId;
  if (!functionId) return pageResponse(missingPage(s, "栏目不能为空"), { status: 404 });
  const page = ctx.input.page ?? 1;
  const r = await publicList(tenantOf(s), functionId, { currentPage: page, pageSize: PAGE_SIZE, sort: "sortOrder", order: "asc", keyword: "", keyValue: "" });
  const maxPage = Math.max(1, r.pageParams?.maxPage ?? 1);
  if (page > maxPage) return pageResponse(missingPage(s, "没有更多信息了"), { status: 404 });
  return pageResponse(listPage(s, functionId, page, maxPage, r.dataList ?? []), { ifNoneMatch: ctx.header("if-none-match") });
});

/** R600 and R528; a preview link shows a staff member's draft, never cached, never indexed. */
const view = (single: boolean) =>
  sitePage(async (s, ctx) => {
    const { functionId, id, preview } = ctx.input;
    if (preview) {
      const { tenantId, id: draft } = await readPreviewToken(preview);
      if (tenantId !== tenantOf(s)) return pageResponse(missingPage(s, "信息不存在或已被删除"), { status: 404 });
      const a = await previewArticle(tenantId, draft);
      return new Response(articlePage(s, functionId ?? a.typeId, a, { preview: true }), { status: 200, headers: { "content-type": HTML, "cache-control": "no-store" } });
    }
    if (single ? !functionId : !id) return pageResponse(missingPage(s, "信息不存在或已被删除"), { status: 404 });
    const a = single ? await publicByFunction(tenantOf(s), functionId!) : await publicView(tenantOf(s), id!, functionId);
    return pageResponse(articlePage(s, functionId ?? a.typeId, a, { single }), { ifNoneMatch: ctx.header("if-none-match") });
  });

const robots = sitePage(async (s, ctx) => pageResponse(robotsTxt(s), { type: "text/plain; charset=utf-8", ifNoneMatch: ctx.header("if-none-match") }));

/** Every column of the menu (top entries and sub-menus) and, for a list, its published articles. */
const sitemap = sitePage(async (s, ctx) => {
  const menus = s.menus.flatMap((m) => [m, ...m.subMenus]).filter((m) => m.frontlink !== HOTELS_LINK);
  const [columns, hotels] = await Promise.all([
    Promise.all(menus.map(async (menu) => ({ menu, articles: await sitemapArticles(tenantOf(s), menu.typeid) }))),
    sitemapHotels(tenantOf(s)),
  ]);
  return pageResponse(sitemapXml(s, columns, hotels), { type: "application/xml; charset=utf-8", ifNoneMatch: ctx.header("if-none-match") });
});

const favicon = sitePage(async (s, ctx) =>
  pageResponse(faviconSvg(s.config), { type: "image/svg+xml", cache: "public, max-age=3600, stale-while-revalidate=86400", ifNoneMatch: ctx.header("if-none-match") }),
);

/** Any other address of the website: the 404 page, with the site's menu, as a 404. */
const notFound = sitePage(async (s) => pageResponse(missingPage(s, "您访问的页面不存在或已被删除。"), { status: 404 }));

const impls: Impls<typeof routes> = {
  "GET /gateway/api/information/list": list_,
  "GET /xiangyu/api/information/list": list_,
  "POST /gateway/api/information/passed": passed,
  "POST /xiangyu/api/information/passed": passed,
  "POST /gateway/api/information/delete": remove,
  "POST /xiangyu/api/information/delete": remove,
  "GET /xiangyu/api/information/view": async (ctx) => ok(await viewInformation(ctx.caller, typeOf(ctx), ctx.input.id)),
  "POST /xiangyu/api/information/save": async (ctx) => ok(await saveInformation(ctx.caller, typeOf(ctx), ctx.input), "保存成功"),
  "GET /xiangyu/api/information/labellist": async ({ caller }) => okList(await labelList(caller.tenantId)),
  "GET /xiangyu/api/information/loadManageByFunctionId": async (ctx) => ok(await manageByFunction(ctx.caller, typeOf(ctx))),
  "POST /xiangyu/api/information/previewlink": async (ctx) => ok(await previewLink(ctx.caller, typeOf(ctx), ctx.input.id)),

  "GET /gateway/api/information/loadViewById": async (ctx) => ok(await publicView(await siteTenant(ctx), ctx.input.id, ctx.input.functionId)),
  "GET /gateway/api/information/loadViewByFunctionId": async (ctx) => ok(await publicByFunction(await siteTenant(ctx), ctx.input.functionId, ctx.input.id)),
  "GET /gateway/api/information/loadListByFunctionId": async (ctx) => publicList(await siteTenant(ctx), ctx.input.functionId, ctx.input.paging),
  "GET /gateway/api/information/loadListByLabel": async (ctx) => okList(await publicByLabel(await siteTenant(ctx), ctx.input.lable, ctx.input.limit)),
  "GET /gateway/api/information/preview": async ({ input }) => {
    const { tenantId, id } = await readPreviewToken(input.token);
    return ok(await previewArticle(tenantId, id));
  },
  "GET /site/index": home,
  "GET /site/information/list": listOf,
  "GET /site/information/view": view(false),
  "GET /site/information/infoview": view(true),
  "GET /site/robots.txt": robots,
  "GET /site/sitemap.xml": sitemap,
  "GET /site/favicon.ico": favicon,
  "GET /site/404": notFound,
};

export const app = areaApp(routes, impls, { publicReads: admitPublicRead });
export const handler = lambda(app);
