import { moduleRoute, publicRoute, sessionRoute } from "../http/define.ts";

/** Sessions: login (password and reLogin grants), logout, who am I, own password, the operation log. */
export const routes = {
  "POST /gateway/oauth/login": publicRoute(),
  "GET /gateway/oauth/tenant": publicRoute(),
  "POST /gateway/oauth/logout": sessionRoute(false),
  "GET /gateway/api/manage/users/info": sessionRoute(),
  "POST /gateway/api/manage/users/changepassword": sessionRoute(),
  "GET /gateway/api/manage/oplog/list": moduleRoute("auth"),
};
