import { data, list, moduleRoute, publicRoute, response, type RouteTable } from "../http/define.ts";
import { noInput } from "@xiangyu/core/kernel/fields";
import { DomainQuery, FrontMenuQuery, WebsiteConfigInput } from "@xiangyu/core/website/schemas";
import type { PublicWebsiteConfig, WebsiteConfigView } from "@xiangyu/core/website/config";
import type { FrontMenu, MenuKind } from "@xiangyu/core/website/rules";

/**
 * The public website's configuration, portal and menu (spec 002 §5 "Website"), and the console's
 * 网站设置 screen that writes them (paths in docs/api.md). Public reads are cacheable like the
 * articles (content/routes.ts).
 */
const WEBSITE = "website";
const PUBLIC_CACHE = { maxAge: 60, swr: 300 };

export const routes = {
  "GET /gateway/oauth/loadWebsiteConfig": publicRoute({ input: DomainQuery, reply: data<PublicWebsiteConfig>(), cache: PUBLIC_CACHE }),
  "GET /gateway/oauth/loadPortalConfig": publicRoute({ input: DomainQuery, reply: data<{ portalCode: string; branchId: number; branchname: string }>(), cache: PUBLIC_CACHE }),
  "GET /gateway/api/manage/appcenter/loadfrontmenu/{mainMenuId}": publicRoute({ input: FrontMenuQuery, reply: list<FrontMenu>(), cache: PUBLIC_CACHE }),
  // The OpenAPI document of every route (docs/api.md, "The OpenAPI document"): written at build time, served from here.
  "GET /gateway/openapi.json": publicRoute({ input: noInput, reply: response(), cache: { maxAge: 300, swr: 3600 } }),

  "GET /xiangyu/api/website/config": moduleRoute(WEBSITE, {
    input: noInput,
    reply: data<WebsiteConfigView & { candidates: Array<{ typeid: number; typename: string; kind: MenuKind }> }>(),
    log: false,
  }),
  "POST /xiangyu/api/website/configsave": moduleRoute(WEBSITE, { right: "E", input: WebsiteConfigInput, reply: data<WebsiteConfigView>(), log: "保存网站设置" }),
} satisfies RouteTable;
