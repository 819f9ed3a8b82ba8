import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { MpConfigInput, MpDeleteInput, MpListQuery, MpOpenIdQuery, MpPassInput, MpViewQuery, PayconfigInput } from "@xiangyu/core/platform/schemas";
import type { MpConfigView } from "@xiangyu/core/platform/mp/service";

/**
 * Mini-programs (小程序管理, function 1108 /mp/index; R488–R503): a tenant's own records, not the
 * platform operator's. The list and the view need the screen; save needs A or E, the enable switch
 * P, delete D, and the account configuration and its OPENID lookup S (R500).
 */
export const mpRoutes = {
  "GET /xiangyu/api/mpconfig/getMpconfigList": moduleRoute("platform", { input: MpListQuery, reply: list<MpConfigView>(), log: false }),
  "GET /xiangyu/api/mpconfig/getMpconfigView": moduleRoute("platform", { input: MpViewQuery, reply: data<MpConfigView>(), log: false }),
  "POST /xiangyu/api/mpconfig/saveMpconfig": moduleRoute("platform", { right: "save", input: MpConfigInput, reply: data<MpConfigView>(), log: "保存小程序" }),
  "POST /xiangyu/api/mpconfig/savePayconfig": moduleRoute("platform", { right: "S", input: PayconfigInput, reply: data<MpConfigView>(), log: "小程序账户配置" }),
  "POST /xiangyu/api/mpconfig/passedMpconfig": moduleRoute("platform", { right: "P", input: MpPassInput, reply: data<{ id: number; idisplay: number }>(), log: "启禁用小程序" }),
  "POST /xiangyu/api/mpconfig/deleteMpconfig": moduleRoute("platform", { right: "D", input: MpDeleteInput, reply: done(), log: "删除小程序" }),
  "GET /xiangyu/api/mpconfig/getMpOpenIdByMobileAndAppId": moduleRoute("platform", { right: "S", input: MpOpenIdQuery, reply: data<string>(), log: false, audit: "personalData" }),
} satisfies RouteTable;
