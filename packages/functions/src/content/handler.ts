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
import { publicWebsiteConfig, tenantOfSite, websiteMenu } from "@xiangyu/core/website/config";
import { DomainError } from "@xiangyu/core/kernel/errors";
import { articlePage, htmlResponse, missingPage } from "./sitePage.ts";
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

/**
 * The detail page as HTML. The site's host names the tenant (a browser's navigation sends no
 * `domain`); a preview link, or an address without an article, gets the plain page and the script.
 */
async function sitePage(ctx: RouteContext<{ functionId?: number; id?: number; preview: string }>, base: string): Promise<Response> {
  const host = ctx.header("x-forwarded-host") || ctx.header("host") || "";
  let tenantId: string;
  try {
    tenantId = await tenantOfSite(host);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return new Response(e.desc, { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  const config = await publicWebsiteConfig(tenantId);
  const menus = await websiteMenu(tenantId, config.mainMenuId);
  const page = { base, config, menus, functionId: ctx.input.functionId ?? 0 };
  // A preview is drawn by the script with its token (never cached); a page without an id has nothing to show.
  if (ctx.input.preview) return new Response(missingPage(page, "加载中…"), { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
  if (!ctx.input.id) return htmlResponse(missingPage(page, "信息不存在或已被删除"), 404, undefined);
  try {
    const a = await publicView(tenantId, ctx.input.id, ctx.input.functionId);
    return htmlResponse(articlePage({ ...page, functionId: ctx.input.functionId ?? a.typeId }, a), 200, ctx.header("if-none-match"));
  } catch (e) {
    if (e instanceof DomainError) return htmlResponse(missingPage(page, e.desc), 404, undefined);
    throw e;
  }
}

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
  "GET /site/information/view": (ctx) => sitePage(ctx, "/site/"),
  "GET /information/view": (ctx) => sitePage(ctx, "/"),
};

export const app = areaApp(routes, impls, { publicReads: admitPublicRead });
export const handler = lambda(app);
