import { areaApp, lambda, type Impls, type RouteContext } from "../http/app.ts";
import { admitPublicRead } from "@xiangyu/core/auth/addressLimit";
import { routes } from "./routes.ts";
import { menuCandidates, portalConfig, publicWebsiteConfig, saveWebsiteConfig, tenantOfSite, websiteConfig, websiteMenu } from "@xiangyu/core/website/config";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { openApiResponse } from "../openapi/serve.ts";

/** The website area's handlers: public reads by the site's domain, and the console's settings screen. */
const siteTenant = (ctx: RouteContext<{ domain: string }>) => tenantOfSite(ctx.input.domain || ctx.header("x-forwarded-host") || ctx.header("host") || "");

const impls: Impls<typeof routes> = {
  "GET /gateway/oauth/loadWebsiteConfig": async (ctx) => ok(await publicWebsiteConfig(await siteTenant(ctx))),
  "GET /gateway/oauth/loadPortalConfig": async (ctx) => ok(await portalConfig(await siteTenant(ctx))),
  "GET /gateway/api/manage/appcenter/loadfrontmenu/{mainMenuId}": async (ctx) => okList(await websiteMenu(await siteTenant(ctx), ctx.input.mainMenuId)),
  "GET /gateway/openapi.json": async ({ header }) => openApiResponse(header, routes["GET /gateway/openapi.json"].cache),
  "GET /xiangyu/api/website/config": async ({ caller }) => {
    const [config, candidates] = await Promise.all([websiteConfig(caller.tenantId, true), menuCandidates(caller.tenantId)]);
    return ok({ ...config, candidates });
  },
  "POST /xiangyu/api/website/configsave": async ({ caller, input }) => ok(await saveWebsiteConfig(caller, input), "保存成功"),
};

export const app = areaApp(routes, impls, { publicReads: admitPublicRead });
export const handler = lambda(app);
