import { moduleRoute, sessionRoute } from "../http/define.ts";
import { LEGACY } from "../http/legacy.ts";

/** Every module whose screens edit style attributes (channels, page builder's API proxy table, platform). */
const STYLE_EDITORS = ["users", "pages", "platform"] as const;

/** Shared lookups of every screen: titles, menu, rights, style parameters. */
export const routes = {
  "GET /gateway/api/manage/type/moduleinfo": sessionRoute(LEGACY),
  "GET /gateway/api/manage/type/list": sessionRoute(LEGACY),
  "GET /gateway/api/manage/appcenter/right/{functionId}": sessionRoute(LEGACY),
  "GET /gateway/api/manage/appcenter/styleparam/list": sessionRoute(LEGACY),
  "GET /gateway/api/manage/appcenter/styleparam/name": sessionRoute(LEGACY),
  "POST /gateway/api/manage/style/attrsave": moduleRoute(STYLE_EDITORS, { ...LEGACY, right: "save" }),
  "POST /gateway/api/manage/style/attrdelete": moduleRoute(STYLE_EDITORS, { ...LEGACY, right: "D" }),
};
