import { moduleRoute, sessionRoute } from "../http/define.ts";

/** Every module whose screens edit style attributes (channels, page builder's API proxy table, platform). */
const STYLE_EDITORS = ["users", "pages", "platform"] as const;

/** Shared lookups of every screen: titles, menu, rights, style parameters. */
export const routes = {
  "GET /gateway/api/manage/type/moduleinfo": sessionRoute(),
  "GET /gateway/api/manage/type/list": sessionRoute(),
  "GET /gateway/api/manage/appcenter/right/{functionId}": sessionRoute(),
  "GET /gateway/api/manage/appcenter/styleparam/list": sessionRoute(),
  "GET /gateway/api/manage/appcenter/styleparam/name": sessionRoute(),
  "POST /gateway/api/manage/style/attrsave": moduleRoute(STYLE_EDITORS, "save"),
  "POST /gateway/api/manage/style/attrdelete": moduleRoute(STYLE_EDITORS, "D"),
};
