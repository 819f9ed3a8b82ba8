import { data, done, list, moduleRoute, raw, sessionRoute, type RouteTable } from "../http/define.ts";
import {
  FunctionQuery,
  MenuQuery,
  StyleAttrDelete,
  StyleAttrSave,
  StyleListQuery,
  StyleNameQuery,
  TenantDeleteInput,
  TenantInput,
  TenantListQuery,
  TenantPassInput,
  TenantViewQuery,
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
import type { TenantView } from "@xiangyu/core/platform/tenantAdmin";
import type { MenuNode, ModuleInfo } from "@xiangyu/core/platform/menu";
import type { StyleRow } from "@xiangyu/core/platform/styleParams";
import type { RightFlags } from "@xiangyu/core/kernel/rights";
import type { MchOption, PayConfigView } from "@xiangyu/core/platform/payConfig";
import type { WxConfigView } from "@xiangyu/core/platform/wxConfig";
import type { SmsConfigView } from "@xiangyu/core/platform/smsConfig";
import type { DbConfigView } from "@xiangyu/core/platform/dbConfig";
import type { AppVersionView } from "@xiangyu/core/platform/appupdate";

/** Every module whose screens edit style attributes (channels, page builder's API proxy table, platform). */
const STYLE_EDITORS = ["users", "pages", "platform"] as const;

/** style/attrsave and attrdelete answer `{check, msg}` instead of the envelope (R002); a save names the row. */
export type CheckReply = { check: 0 | 1; msg: string; id?: number };

/** Shared lookups of every screen: titles, menu, rights, style parameters. Reads are not logged. */
export const routes = {
  "GET /gateway/api/manage/type/moduleinfo": sessionRoute({ input: FunctionQuery, reply: data<ModuleInfo>(), log: false }),
  "GET /gateway/api/manage/type/list": sessionRoute({ input: MenuQuery, reply: list<MenuNode>(), log: false }),
  "GET /gateway/api/manage/appcenter/right/{functionId}": sessionRoute({ input: FunctionQuery, reply: data<RightFlags>(), log: false }),
  "GET /gateway/api/manage/appcenter/styleparam/list": sessionRoute({ input: StyleListQuery, reply: list<StyleRow>(), log: false }),
  "GET /gateway/api/manage/appcenter/styleparam/name": sessionRoute({ input: StyleNameQuery, reply: data<string>(), log: false }),
  "POST /gateway/api/manage/style/attrsave": moduleRoute(STYLE_EDITORS, { right: "save", input: StyleAttrSave, reply: raw<CheckReply>(), badInputAs: "check", log: "保存参数" }),
  "POST /gateway/api/manage/style/attrdelete": moduleRoute(STYLE_EDITORS, { right: "D", input: StyleAttrDelete, reply: raw<CheckReply>(), badInputAs: "check", log: "删除参数" }),

  /**
   * Tenants (R430–R442): the platform operator's alone (core/platform/operator.ts) — the service
   * refuses anyone else, a tenant's own administrator included, with 你无操作权限 (code 403) after
   * the module and letter checks. R431 says the console checks no letter before a delete; the
   * server still asks for D. Save provisions a new tenant (docs/api.md: adminMobile, adminPassword).
   */
  "GET /gateway/api/manage/platform/list": moduleRoute("platform", { operator: true, input: TenantListQuery, reply: list<TenantView>(), log: false }),
  "GET /gateway/api/manage/platform/view": moduleRoute("platform", { operator: true, input: TenantViewQuery, reply: data<TenantView>(), log: false }),
  "POST /gateway/api/manage/platform/save": moduleRoute("platform", { operator: true, right: "save", input: TenantInput, reply: data<TenantView>(), log: "保存租户" }),
  "POST /gateway/api/manage/platform/passed": moduleRoute("platform", { operator: true, right: "P", input: TenantPassInput, reply: done(), log: "启禁用租户" }),
  "POST /gateway/api/manage/platform/delete": moduleRoute("platform", { operator: true, right: "D", input: TenantDeleteInput, reply: done(), log: "删除租户" }),

  /**
   * Platform configuration (R443–R475, R484–R487): payment channels, WeChat platform accounts, SMS,
   * database connections and app versions — the platform operator's alone, like the tenants.
   * Secrets in the replies are masked; a save with a secret left blank keeps it (handlers: configImpls.ts).
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
} satisfies RouteTable;

/** The worker Lambda that removes a deleted tenant's items (core/platform/tenantAdmin.ts); its stack wiring is still to come. */
export const tenantWorker = {
  handler: "packages/functions/src/platform/worker.handler",
  /** The configuration name under which the platform area finds the worker (core's config.tenantWorker). */
  environmentName: "XY_TENANT_WORKER",
  timeout: 900,
  memorySize: "512 MB",
} as const;
