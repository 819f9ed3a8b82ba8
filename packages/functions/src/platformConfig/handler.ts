import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { deletePayConfigs, listPayConfigs, mchidList, passPayConfigs, savePayConfig, viewPayConfig } from "@xiangyu/core/platform/payConfig";
import { deleteWxConfigs, listWxConfigs, passWxConfigs, saveWxConfig, viewWxConfig } from "@xiangyu/core/platform/wxConfig";
import { deleteSmsConfigs, listSmsConfigs, saveSmsConfig, viewSmsConfig } from "@xiangyu/core/platform/smsConfig";
import { deleteDbConfigs, listDbConfigs, passDbConfigs, saveDbConfig, viewDbConfig } from "@xiangyu/core/platform/dbConfig";
import { deleteAppVersions, listAppVersions, saveAppVersion, viewAppVersion } from "@xiangyu/core/platform/appupdate";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { taskImpls } from "./taskHandler.ts";

/** The platform configuration routes' handlers (routes.ts); each service checks the platform operator again. */
const toggled = (on: number) => (on === 1 ? "启用成功" : "停用成功");

const impls: Impls<typeof routes> = {
  "GET /gateway/api/manage/platform/payconfig/list": async ({ caller, input }) => listPayConfigs(caller, input.paging, { appType: input.appType, isUsing: input.isUsing }),
  "GET /gateway/api/manage/platform/payconfig/view": async ({ caller, input }) => ok(await viewPayConfig(caller, input.id)),
  "POST /gateway/api/manage/platform/payconfig/save": async ({ caller, input, actedOn }) => {
    const v = await savePayConfig(caller, input);
    actedOn([v.id]);
    return ok(v, "保存成功");
  },
  "POST /gateway/api/manage/platform/payconfig/passed": async ({ caller, input, actedOn }) => {
    actedOn(await passPayConfigs(caller, input.ids, input.isUsing));
    return ok(undefined, toggled(input.isUsing));
  },
  "POST /gateway/api/manage/platform/payconfig/delete": async ({ caller, input, actedOn }) => {
    actedOn(await deletePayConfigs(caller, input.ids));
    return ok(undefined, "删除成功");
  },

  "GET /gateway/api/manage/platform/wxconfig/list": async ({ caller, input }) => listWxConfigs(caller, input.paging, { clientId: input.clientId }),
  "GET /gateway/api/manage/platform/wxconfig/view": async ({ caller, input }) => ok(await viewWxConfig(caller, input.id)),
  "GET /gateway/api/manage/platform/wxconfig/mchidList": async ({ caller, input }) => okList(await mchidList(caller, input.keyword)),
  "POST /gateway/api/manage/platform/wxconfig/save": async ({ caller, input, actedOn }) => {
    const v = await saveWxConfig(caller, input);
    actedOn([v.id]);
    return ok(v, "保存成功");
  },
  "POST /gateway/api/manage/platform/wxconfig/passed": async ({ caller, input, actedOn }) => {
    actedOn(await passWxConfigs(caller, input.ids, input.status));
    return ok(undefined, toggled(input.status));
  },
  "POST /gateway/api/manage/platform/wxconfig/delete": async ({ caller, input, actedOn }) => {
    actedOn(await deleteWxConfigs(caller, input.ids));
    return ok(undefined, "删除成功");
  },

  "GET /gateway/api/manage/platform/smsconfig/list": async ({ caller, input }) => listSmsConfigs(caller, input.paging),
  "GET /gateway/api/manage/platform/smsconfig/view": async ({ caller, input }) => ok(await viewSmsConfig(caller, input.id)),
  "POST /gateway/api/manage/platform/smsconfig/save": async ({ caller, input, actedOn }) => {
    const v = await saveSmsConfig(caller, input);
    actedOn([v.id]);
    return ok(v, "保存成功");
  },
  "POST /gateway/api/manage/platform/smsconfig/delete": async ({ caller, input, actedOn }) => {
    actedOn(await deleteSmsConfigs(caller, input.ids));
    return ok(undefined, "删除成功");
  },

  "GET /gateway/api/manage/platform/dbconfig/list": async ({ caller, input }) => listDbConfigs(caller, input.paging),
  "GET /gateway/api/manage/platform/dbconfig/view": async ({ caller, input }) => ok(await viewDbConfig(caller, input.id)),
  "POST /gateway/api/manage/platform/dbconfig/save": async ({ caller, input, actedOn }) => {
    const v = await saveDbConfig(caller, input);
    actedOn([v.id]);
    return ok(v, "保存成功");
  },
  "POST /gateway/api/manage/platform/dbconfig/passed": async ({ caller, input, actedOn }) => {
    actedOn(await passDbConfigs(caller, input.ids, input.idisplay));
    return ok(undefined, toggled(input.idisplay));
  },
  "POST /gateway/api/manage/platform/dbconfig/delete": async ({ caller, input, actedOn }) => {
    actedOn(await deleteDbConfigs(caller, input.ids));
    return ok(undefined, "删除成功");
  },

  "GET /gateway/api/appupdate/list": async ({ caller, input }) => listAppVersions(caller, input.paging),
  "GET /gateway/api/appupdate/view": async ({ caller, input }) => ok(await viewAppVersion(caller, input.id)),
  "POST /gateway/api/appupdate/save": async ({ caller, input, actedOn }) => {
    const v = await saveAppVersion(caller, input);
    actedOn([v.id]);
    return ok(v, "保存成功");
  },
  "POST /gateway/api/appupdate/delete": async ({ caller, input, actedOn }) => {
    actedOn(await deleteAppVersions(caller, input.ids));
    return ok(undefined, "删除成功");
  },

  ...taskImpls,
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
