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
} from "@xiangyu/core/platform/schemas";
import type { TenantView } from "@xiangyu/core/platform/tenantAdmin";
import type { MenuNode, ModuleInfo } from "@xiangyu/core/platform/menu";
import type { StyleRow } from "@xiangyu/core/platform/styleParams";
import type { RightFlags } from "@xiangyu/core/kernel/rights";

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
} satisfies RouteTable;

/** The worker Lambda that removes a deleted tenant's items (core/platform/tenantAdmin.ts); its stack wiring is still to come. */
export const tenantWorker = {
  handler: "packages/functions/src/platform/worker.handler",
  /** The configuration name under which the platform area finds the worker (core's config.tenantWorker). */
  environmentName: "XY_TENANT_WORKER",
  timeout: 900,
  memorySize: "512 MB",
} as const;
