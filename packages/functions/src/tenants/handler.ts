import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { listTenants, viewTenant, saveTenant, passTenants, deleteTenants } from "@xiangyu/core/platform/tenantAdmin";
import { tenantRemovals } from "@xiangyu/core/platform/tenantRemovalView";
import { ok, okList } from "@xiangyu/core/kernel/envelope";

/** The tenant screens (routes.ts); a delete starts the removal worker (platform/tenantWorker.ts). */
const impls: Impls<typeof routes> = {
  "GET /gateway/api/manage/platform/list": async ({ caller, input }) => listTenants(caller, input.paging, { idisplay: input.idisplay }),
  "GET /gateway/api/manage/platform/view": async ({ caller, input }) => ok(await viewTenant(caller, input.clientId)),
  "GET /gateway/api/manage/platform/removals": async ({ caller }) => okList(await tenantRemovals(caller)),
  "POST /gateway/api/manage/platform/save": async ({ caller, input, actedOn }) => {
    const t = await saveTenant(caller, input);
    actedOn([t.id]);
    return ok(t, "保存成功");
  },
  "POST /gateway/api/manage/platform/passed": async ({ caller, input, actedOn }) => {
    actedOn(await passTenants(caller, input.ids, input.idisplay));
    return ok(undefined, input.idisplay === 1 ? "启用成功" : "停用成功");
  },
  "POST /gateway/api/manage/platform/delete": async ({ caller, input, actedOn }) => {
    actedOn(await deleteTenants(caller, input.ids));
    return ok(undefined, "删除成功");
  },
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
