import { data, moduleRoute, publicRoute, type RouteTable } from "../http/define.ts";
import { OaAuthorizeQuery, OaBindInput, OaCheckQuery, OaInitInput } from "@xiangyu/core/platform/schemas";
import type { OaBindingInfo } from "@xiangyu/core/platform/oa/service";

/**
 * Official-account binding (绑定公众号, function 1109 /bindingweixin; R504–R510). The binding page's
 * calls need the screen; the landing page's two calls are public — it runs in WeChat's browser on
 * the staff member's phone, where the binding key (random, 10 minutes, single use, naming who
 * asked) is the credential. The reLogin grant afterwards is the auth area's /gateway/oauth/login.
 */
export const oaRoutes = {
  "POST /gateway/api/weixinservice/initOaBindingInfo": moduleRoute("platform", { input: OaInitInput, reply: data<OaBindingInfo>(), log: "生成公众号绑定二维码" }),
  "GET /gateway/api/weixinservice/checkOaBinding": moduleRoute("platform", { input: OaCheckQuery, reply: data<{ state: 0 | 1 | 2; oaOpenId: string }>(), log: false }),
  "POST /gateway/api/weixinservice/oaBinding": publicRoute({ input: OaBindInput, reply: data<{ oaOpenId: string }>() }),
  "GET /gateway/api/weixinservice/oaAuthorizeUrl": publicRoute({ input: OaAuthorizeQuery, reply: data<{ url: string }>() }),
} satisfies RouteTable;
