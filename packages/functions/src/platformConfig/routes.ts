import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import {
  AppDeleteInput,
  AppListQuery,
  AppVersionInput,
  AppViewQuery,
  DbConfigInput,
  DbDeleteInput,
  DbListQuery,
  DbPassInput,
  DbViewQuery,
  MchidListQuery,
  PayConfigInput,
  PayDeleteInput,
  PayListQuery,
  PayPassInput,
  PayViewQuery,
  SmsConfigInput,
  SmsDeleteInput,
  SmsListQuery,
  SmsViewQuery,
  WxConfigInput,
  WxDeleteInput,
  WxListQuery,
  WxPassInput,
  WxViewQuery,
} from "@xiangyu/core/platform/schemas";
import type { MchOption, PayConfigView } from "@xiangyu/core/platform/payConfig";
import type { WxConfigView } from "@xiangyu/core/platform/wxConfig";
import type { SmsConfigView } from "@xiangyu/core/platform/smsConfig";
import type { DbConfigView } from "@xiangyu/core/platform/dbConfig";
import type { AppVersionView } from "@xiangyu/core/platform/appupdate";
import { taskRoutes } from "./taskRoutes.ts";

/**
 * The platform operator's configuration screens, in a Lambda of their own (area `platformConfig`,
 * module "platform"): they are rarely used, and beside the menu, rights and style lookups that
 * every screen asks the platform Lambda for, they made that hot Lambda's bundle exceed its budget.
 */
export const routes = {
  /**
   * Platform configuration (R443–R475, R484–R487): payment channels, WeChat platform accounts, SMS,
   * database connections and app versions — the platform operator's alone, like the tenants.
   * Secrets in the replies are masked; a save with a secret left blank keeps it (handlers: handler.ts).
   */
  "GET /gateway/api/manage/platform/payconfig/list": moduleRoute("platform", { operator: true, input: PayListQuery, reply: list<PayConfigView>(), log: false }),
  "GET /gateway/api/manage/platform/payconfig/view": moduleRoute("platform", { operator: true, input: PayViewQuery, reply: data<PayConfigView>(), log: false }),
  "POST /gateway/api/manage/platform/payconfig/save": moduleRoute("platform", {
    operator: true,
    right: "save",
    input: PayConfigInput,
    reply: data<PayConfigView>(),
    log: "保存支付通道",
  }),
  "POST /gateway/api/manage/platform/payconfig/passed": moduleRoute("platform", { operator: true, right: "P", input: PayPassInput, reply: done(), log: "启禁用支付通道" }),
  "POST /gateway/api/manage/platform/payconfig/delete": moduleRoute("platform", { operator: true, right: "D", input: PayDeleteInput, reply: done(), log: "删除支付通道" }),

  "GET /gateway/api/manage/platform/wxconfig/list": moduleRoute("platform", { operator: true, input: WxListQuery, reply: list<WxConfigView>(), log: false }),
  "GET /gateway/api/manage/platform/wxconfig/view": moduleRoute("platform", { operator: true, input: WxViewQuery, reply: data<WxConfigView>(), log: false }),
  "GET /gateway/api/manage/platform/wxconfig/mchidList": moduleRoute("platform", { operator: true, input: MchidListQuery, reply: list<MchOption>(), log: false }),
  "POST /gateway/api/manage/platform/wxconfig/save": moduleRoute("platform", {
    operator: true,
    right: "save",
    input: WxConfigInput,
    reply: data<WxConfigView>(),
    log: "保存微信平台账号",
  }),
  "POST /gateway/api/manage/platform/wxconfig/passed": moduleRoute("platform", { operator: true, right: "P", input: WxPassInput, reply: done(), log: "启禁用微信平台账号" }),
  "POST /gateway/api/manage/platform/wxconfig/delete": moduleRoute("platform", { operator: true, right: "D", input: WxDeleteInput, reply: done(), log: "删除微信平台账号" }),

  "GET /gateway/api/manage/platform/smsconfig/list": moduleRoute("platform", { operator: true, input: SmsListQuery, reply: list<SmsConfigView>(), log: false }),
  "GET /gateway/api/manage/platform/smsconfig/view": moduleRoute("platform", { operator: true, input: SmsViewQuery, reply: data<SmsConfigView>(), log: false }),
  "POST /gateway/api/manage/platform/smsconfig/save": moduleRoute("platform", {
    operator: true,
    right: "save",
    input: SmsConfigInput,
    reply: data<SmsConfigView>(),
    log: "保存短信配置",
  }),
  "POST /gateway/api/manage/platform/smsconfig/delete": moduleRoute("platform", { operator: true, right: "D", input: SmsDeleteInput, reply: done(), log: "删除短信配置" }),

  "GET /gateway/api/manage/platform/dbconfig/list": moduleRoute("platform", { operator: true, input: DbListQuery, reply: list<DbConfigView>(), log: false }),
  "GET /gateway/api/manage/platform/dbconfig/view": moduleRoute("platform", { operator: true, input: DbViewQuery, reply: data<DbConfigView>(), log: false }),
  "POST /gateway/api/manage/platform/dbconfig/save": moduleRoute("platform", {
    operator: true,
    right: "save",
    input: DbConfigInput,
    reply: data<DbConfigView>(),
    log: "保存数据库连接",
  }),
  "POST /gateway/api/manage/platform/dbconfig/passed": moduleRoute("platform", { operator: true, right: "P", input: DbPassInput, reply: done(), log: "启禁用数据库连接" }),
  "POST /gateway/api/manage/platform/dbconfig/delete": moduleRoute("platform", { operator: true, right: "D", input: DbDeleteInput, reply: done(), log: "删除数据库连接" }),

  "GET /gateway/api/appupdate/list": moduleRoute("platform", { operator: true, input: AppListQuery, reply: list<AppVersionView>(), log: false }),
  "GET /gateway/api/appupdate/view": moduleRoute("platform", { operator: true, input: AppViewQuery, reply: data<AppVersionView>(), log: false }),
  "POST /gateway/api/appupdate/save": moduleRoute("platform", { operator: true, right: "save", input: AppVersionInput, reply: data<AppVersionView>(), log: "保存应用版本" }),
  "POST /gateway/api/appupdate/delete": moduleRoute("platform", { operator: true, right: "D", input: AppDeleteInput, reply: done(), log: "删除应用版本" }),

  ...taskRoutes,
} satisfies RouteTable;
