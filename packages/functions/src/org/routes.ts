import { moduleRoute, sessionRoute } from "../http/define.ts";

/** Organisation trees, the national region tree, branches and the cascader lookups. */
export const routes = {
  "GET /gateway/api/organization/list": moduleRoute("org"),
  "GET /gateway/api/organization/view": moduleRoute("org"),
  "POST /gateway/api/organization/save": moduleRoute("org", "save"),
  "POST /gateway/api/organization/delete": moduleRoute("org", "D"),
  "GET /gateway/api/organization/chinaarea/list": moduleRoute("org"),
  "GET /gateway/api/organization/chinaarea/view": moduleRoute("org"),
  "POST /gateway/api/organization/chinaarea/save": moduleRoute("org", "save"),
  "POST /gateway/api/organization/chinaarea/delete": moduleRoute("org", "D"),
  "GET /gateway/api/organization/app/list": sessionRoute(),
  "GET /gateway/api/manage/appcenter/area/alllist": sessionRoute(),
  "GET /gateway/api/manage/branch/list": sessionRoute(),
};
