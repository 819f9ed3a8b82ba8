import { moduleRoute, publicRoute, sessionRoute } from "../http/define.ts";
import { LEGACY } from "../http/legacy.ts";

/** Sessions: login (password and reLogin grants), logout, who am I, own password, the operation log. */
export const routes = {
  "POST /gateway/oauth/login": publicRoute(LEGACY),
  "GET /gateway/oauth/tenant": publicRoute(LEGACY),
  "POST /gateway/oauth/logout": sessionRoute({ ...LEGACY, log: false }),
  "GET /gateway/api/manage/users/info": sessionRoute(LEGACY),
  "POST /gateway/api/manage/users/changepassword": sessionRoute(LEGACY),
  "GET /gateway/api/manage/oplog/list": moduleRoute("auth", LEGACY),
};
