import { areaApp, lambda, RawReply, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { listChildren, viewNode, saveNode, deleteNode, appTree } from "@xiangyu/core/org/orgTree";
import { regionChildren, viewRegion, saveRegion, deleteRegion, regionsByPrefix } from "@xiangyu/core/org/regions";
import { listBranches } from "@xiangyu/core/org/branches";
import { ok, okList } from "@xiangyu/core/kernel/envelope";

/** A reply outside the envelope, typed as its route declares it. */
const rawReply = <B extends object>(body: B) => new RawReply(body, true) as RawReply & { body: B };

/** The org area's handlers: each receives its route's parsed input (routes.ts). */
const impls: Impls<typeof routes> = {
  "GET /gateway/api/organization/list": async ({ caller, input }) => okList(await listChildren(caller, input.orgType, input.parentId)),
  "GET /gateway/api/organization/view": async ({ caller, input }) => ok(await viewNode(caller, input.id)),
  "POST /gateway/api/organization/save": async ({ caller, input }) => ok(await saveNode(caller, input), "保存成功"),
  "POST /gateway/api/organization/delete": async ({ caller, input, actedOn }) => {
    actedOn(await deleteNode(caller, input.id));
    return ok(undefined, "删除成功");
  },
  "GET /gateway/api/organization/chinaarea/list": async ({ input }) => okList(await regionChildren(input.parentid)),
  "GET /gateway/api/organization/chinaarea/view": async ({ input }) => ok(await viewRegion(input.id)),
  "POST /gateway/api/organization/chinaarea/save": async ({ caller, input }) => ok(await saveRegion(caller, input), "保存成功"),
  "POST /gateway/api/organization/chinaarea/delete": async ({ caller, input, actedOn }) => {
    actedOn(await deleteRegion(caller, input.id));
    return ok(undefined, "删除成功");
  },
  "GET /gateway/api/organization/app/list": async ({ caller, input }) => okList(await appTree(caller, input)),
  "GET /gateway/api/manage/appcenter/area/alllist": async ({ input }) => okList(await regionsByPrefix(input.areaCodePrefix)),
  "GET /gateway/api/manage/branch/list": async ({ caller, input }) =>
    rawReply({ code: "200" as const, desc: "", rows: await listBranches(caller.tenantId, input.keyword, input.limit) }),
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
