import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { TenantDeleteInput, TenantInput, TenantListQuery, TenantPassInput, TenantViewQuery } from "@xiangyu/core/platform/schemas";
import type { TenantView } from "@xiangyu/core/platform/tenantAdmin";
import { noInput } from "@xiangyu/core/kernel/fields";
import type { TenantRemovalView } from "@xiangyu/core/platform/tenantRemovalView";

/**
 * The platform operator's tenant screens (module "platform"). A Lambda of its own, apart from the
 * platform area's lookups that every screen's first paint asks for: saving a tenant provisions it
 * (its super-admin, roles, menu and style lists) and deleting one starts the tenant-removal worker,
 * code the hot lookups need not load (docs/decisions.md).
 */
export const routes = {
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
  /** Ours (issue 37): the tenants being removed in the background, with their progress (core/platform/tenantRemovalView.ts). */
  "GET /gateway/api/manage/platform/removals": moduleRoute("platform", { operator: true, input: noInput, reply: list<TenantRemovalView>(), log: false }),
} satisfies RouteTable;
