import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import type { mpRoutes } from "./mpRoutes.ts";
import type { oaRoutes } from "./oaRoutes.ts";
import { deleteMpConfig, listMpConfigs, mpOpenId, passMpConfig, saveMpConfig, savePayconfig, viewMpConfig } from "@xiangyu/core/platform/mp/service";
import { checkOaBinding, initOaBinding, oaAuthorizeUrl, oaBind } from "@xiangyu/core/platform/oa/service";
import { OA_MSG } from "@xiangyu/core/platform/schemas";
import { ok } from "@xiangyu/core/kernel/envelope";

/** The mini-program and official-account binding handlers (mpRoutes.ts, oaRoutes.ts). */
const mpImpls: Impls<typeof mpRoutes> = {
  "GET /xiangyu/api/mpconfig/getMpconfigList": async ({ caller, input }) => listMpConfigs(caller, input.paging, { idisplay: input.idisplay }),
  "GET /xiangyu/api/mpconfig/getMpconfigView": async ({ caller, input }) => ok(await viewMpConfig(caller, input.id)),
  "POST /xiangyu/api/mpconfig/saveMpconfig": async ({ caller, input, actedOn }) => {
    const v = await saveMpConfig(caller, input);
    actedOn([v.id]);
    return ok(v, "保存成功");
  },
  "POST /xiangyu/api/mpconfig/savePayconfig": async ({ caller, input, actedOn }) => {
    const v = await savePayconfig(caller, input);
    actedOn([v.id]);
    return ok(v, "保存成功");
  },
  "POST /xiangyu/api/mpconfig/passedMpconfig": async ({ caller, input, actedOn }) => {
    const r = await passMpConfig(caller, input.id, input.idisplay);
    actedOn([r.id]);
    return ok(r, r.idisplay === 1 ? "启用成功" : "停用成功");
  },
  "POST /xiangyu/api/mpconfig/deleteMpconfig": async ({ caller, input, actedOn }) => {
    actedOn([await deleteMpConfig(caller, input.id)]);
    return ok(undefined, "删除成功");
  },
  "GET /xiangyu/api/mpconfig/getMpOpenIdByMobileAndAppId": async ({ caller, input }) => ok(await mpOpenId(caller, input.appId, input.mobile)),
};

const oaImpls: Impls<typeof oaRoutes> = {
  "POST /gateway/api/weixinservice/initOaBindingInfo": async ({ caller, input }) => ok(await initOaBinding(caller, input.rebind)),
  "GET /gateway/api/weixinservice/checkOaBinding": async ({ caller, input }) => ok(await checkOaBinding(caller, input.key)),
  "POST /gateway/api/weixinservice/oaBinding": async ({ input }) => ok({ oaOpenId: (await oaBind(input.key, input.jsCode)).openId }, OA_MSG.bound),
  "GET /gateway/api/weixinservice/oaAuthorizeUrl": async ({ input }) => ok({ url: await oaAuthorizeUrl(input.bindingKey, input.redirectUri, input.state) }),
};

export const app = areaApp(routes, { ...mpImpls, ...oaImpls });
export const handler = lambda(app);
