import { moduleRoute, sessionRoute } from "../http/define.ts";
import { LEGACY } from "../http/legacy.ts";

/** Organisation trees, the national region tree, branches and the cascader lookups. */
export const routes = {
  "GET /gateway/api/organization/list": moduleRoute("org", LEGACY),
  "GET /gateway/api/organization/view": moduleRoute("org", LEGACY),
  "POST /gateway/api/organization/save": moduleRoute("org", { ...LEGACY, right: "save" }),
  "POST /gateway/api/organization/delete": moduleRoute("org", { ...LEGACY, right: "D" }),
  "GET /gateway/api/organization/chinaarea/list": moduleRoute("org", LEGACY),
  "GET /gateway/api/organization/chinaarea/view": moduleRoute("org", LEGACY),
  "POST /gateway/api/organization/chinaarea/save": moduleRoute("org", { ...LEGACY, right: "save" }),
  "POST /gateway/api/organization/chinaarea/delete": moduleRoute("org", { ...LEGACY, right: "D" }),
  "GET /gateway/api/organization/app/list": sessionRoute(LEGACY),
  "GET /gateway/api/manage/appcenter/area/alllist": sessionRoute(LEGACY),
  "GET /gateway/api/manage/branch/list": sessionRoute(LEGACY),
};
