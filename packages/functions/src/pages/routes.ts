import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { ModuleInput, PageIdInput, PageSaveInput, ParentQuery } from "@xiangyu/core/pages/schemas";
import type { PageRow, PageView } from "@xiangyu/core/pages/views";

/**
 * The page builder (spec 002 "Page builder"; R552–R582; docs/pages.md): the console's routes, the
 * spec's. The mini-program's read of an enabled page and its forms are memberPages/routes.ts.
 */
const PAGES = "pages";

export const routes = {
  "GET /gateway/api/manage/custompage/list": moduleRoute(PAGES, { input: ParentQuery, reply: list<PageRow>(), log: false }),
  "GET /gateway/api/manage/custompage/view": moduleRoute(PAGES, { input: PageIdInput, reply: data<PageView>(), log: false }),
  "GET /gateway/api/manage/custompage/submenu": moduleRoute(PAGES, { input: ParentQuery, reply: list<PageRow>(), log: false }),
  // A 200-component page with rich text is a few megabytes of JSON at most (MAX_DOCUMENT_CHARS).
  "POST /gateway/api/manage/custompage/save": moduleRoute(PAGES, { right: "save", input: PageSaveInput, reply: data<PageView>(), log: "保存自定义页面", maxBody: 4 * 1024 * 1024 }),
  "POST /gateway/api/manage/custompage/delete": moduleRoute(PAGES, { right: "D", input: PageIdInput, reply: done(), log: "删除自定义页面" }),
  "POST /gateway/api/manage/custompage/moveSystemModule": moduleRoute(PAGES, { right: "E", input: ModuleInput, reply: done(), log: "移动模块" }),
  "POST /gateway/api/manage/custompage/copySystemModule": moduleRoute(PAGES, { right: "A", input: ModuleInput, reply: data<PageRow>(), log: "复制模块" }),
} as const satisfies RouteTable;
