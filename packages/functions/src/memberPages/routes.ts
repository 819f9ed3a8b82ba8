import { data, list, memberRoute, moduleRoute, publicRoute, type RouteTable } from "../http/define.ts";
import { RenderQuery } from "@xiangyu/core/pages/schemas";
import { FormEntriesQuery, FormSubmitInput } from "@xiangyu/core/pages/forms/schemas";
import type { RenderedPage } from "@xiangyu/core/pages/views";
import type { FormReceipt } from "@xiangyu/core/pages/forms/service";
import type { FormEntryView } from "@xiangyu/core/pages/forms/views";

/**
 * Designed pages as members reach them (issue 34; docs/pages.md): the mini-program's and the H5's
 * read of an enabled page (public, the tenant named by the host, cached like the website's reads),
 * a member sending a page's form, and the console's read of what was sent (module `pages`). A Lambda
 * apart from the page builder's (pages/routes.ts), which is at the bundle budget.
 */
const PAGES = "pages";
const PUBLIC_CACHE = { maxAge: 60, swr: 300 };

export const routes = {
  "GET /gateway/api/custompage/render": publicRoute({ input: RenderQuery, reply: data<RenderedPage>(), cache: PUBLIC_CACHE }),
  "POST /xiangyu/api/mp/form/submit": memberRoute({ input: FormSubmitInput, reply: data<FormReceipt>(), log: "会员提交表单" }),
  "GET /gateway/api/manage/custompage/formentries": moduleRoute(PAGES, { input: FormEntriesQuery, reply: list<FormEntryView>(), log: false, audit: "personalData" }),
} satisfies RouteTable;
