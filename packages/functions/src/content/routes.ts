import { data, done, list, moduleRoute, publicRoute, response, type RouteTable } from "../http/define.ts";
import { idInput, idsInput, noInput } from "@xiangyu/core/kernel/fields";
import {
  InformationInput,
  InformationListQuery,
  ManageQuery,
  PreviewLinkInput,
  PreviewQuery,
  PublicByFunctionQuery,
  PublicLabelQuery,
  PublicListQuery,
  PublicViewQuery,
  SiteListQuery,
  SiteNoQuery,
  SitePageQuery,
} from "@xiangyu/core/content/schemas";
import type { InformationView, PublicArticle } from "@xiangyu/core/content/views";

/**
 * Information articles (spec 002; R515–R528) and the website's reads of them. The console list,
 * enable/disable and delete are served under both prefixes the documents use (docs/gaps.md §3); paths
 * the spec leaves open (the preview) are in docs/api.md. Public routes take no session, read only
 * enabled articles of the tenant whose domain the website is served on, and may be cached (60 s,
 * then served stale for 5 minutes while revalidated).
 */
const CONTENT = "content";
const PUBLIC_CACHE = { maxAge: 60, swr: 300 };

const list_ = moduleRoute(CONTENT, { input: InformationListQuery, reply: list<InformationView>(), log: false });
const passed = moduleRoute(CONTENT, { right: "P", input: idsInput("并没有选择启禁用项"), reply: list<{ id: number; idisplay: number }>(), log: "启禁用信息" });
const remove = moduleRoute(CONTENT, { right: "D", input: idsInput(), reply: done(), log: "删除信息" });

export const routes = {
  "GET /gateway/api/information/list": list_,
  "GET /xiangyu/api/information/list": list_,
  "POST /gateway/api/information/passed": passed,
  "POST /xiangyu/api/information/passed": passed,
  "POST /gateway/api/information/delete": remove,
  "POST /xiangyu/api/information/delete": remove,
  "GET /xiangyu/api/information/view": moduleRoute(CONTENT, { input: idInput("信息不存在或已被删除"), reply: data<InformationView>(), log: false }),
  // Rich text with pictures: up to 2 MB of body.
  "POST /xiangyu/api/information/save": moduleRoute(CONTENT, { right: "save", input: InformationInput, reply: data<InformationView>(), log: "保存信息", maxBody: 2 * 1024 * 1024 }),
  "GET /xiangyu/api/information/labellist": moduleRoute(CONTENT, { input: noInput, reply: list<string>(), log: false }),
  "GET /xiangyu/api/information/loadManageByFunctionId": moduleRoute(CONTENT, { input: ManageQuery, reply: data<{ id: number } | null>(), log: false }),
  "POST /xiangyu/api/information/previewlink": moduleRoute(CONTENT, { input: PreviewLinkInput, reply: data<{ token: string; functionId: number; id: number }>(), log: false }),

  "GET /gateway/api/information/loadViewById": publicRoute({ input: PublicViewQuery, reply: data<PublicArticle>(), cache: PUBLIC_CACHE }),
  "GET /gateway/api/information/loadViewByFunctionId": publicRoute({ input: PublicByFunctionQuery, reply: data<PublicArticle>(), cache: PUBLIC_CACHE }),
  "GET /gateway/api/information/loadListByFunctionId": publicRoute({ input: PublicListQuery, reply: list<PublicArticle>(), cache: PUBLIC_CACHE }),
  "GET /gateway/api/information/loadListByLabel": publicRoute({ input: PublicLabelQuery, reply: list<PublicArticle>(), cache: PUBLIC_CACHE }),
  // Never cached: the token is the only thing that shows a draft.
  "GET /gateway/api/information/preview": publicRoute({ input: PreviewQuery, reply: data<PublicArticle>() }),
  // The website's pages rendered as HTML (docs/content.md "Pages rendered by the content Lambda"),
  // each a cached public read (the per-address limit applies; the page sets its own Cache-Control):
  // under /site/ on one machine; in the cloud the website's CloudFront function prefixes its
  // domain's paths with /site (`/` → /site/index, an unknown path → /site/404) and names the root.
  "GET /site/index": publicRoute({ input: SiteNoQuery, reply: response(), cache: PUBLIC_CACHE }),
  "GET /site/information/list": publicRoute({ input: SiteListQuery, reply: response(), cache: PUBLIC_CACHE }),
  "GET /site/information/view": publicRoute({ input: SitePageQuery, reply: response(), cache: PUBLIC_CACHE }),
  "GET /site/information/infoview": publicRoute({ input: SitePageQuery, reply: response(), cache: PUBLIC_CACHE }),
  // The hotel directory and pages (/site/hotels/…) are the siteHotels area's, a second Lambda.
  "GET /site/robots.txt": publicRoute({ input: SiteNoQuery, reply: response(), cache: PUBLIC_CACHE }),
  "GET /site/sitemap.xml": publicRoute({ input: SiteNoQuery, reply: response(), cache: PUBLIC_CACHE }),
  "GET /site/favicon.ico": publicRoute({ input: SiteNoQuery, reply: response(), cache: PUBLIC_CACHE }),
  "GET /site/404": publicRoute({ input: SiteNoQuery, reply: response(), cache: PUBLIC_CACHE }),
} satisfies RouteTable;
