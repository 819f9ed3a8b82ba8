import { areaApp, lambda, type Impls } from "../http/app.ts";
import { parse, intParam, optionalInt, flag } from "../http/input.ts";
import { routes } from "./routes.ts";
import { OrgNodeInput, RegionInput } from "@xiangyu/core/org/schemas";
import { listChildren, viewNode, saveNode, deleteNode, appTree, DEPARTMENT_TREE } from "@xiangyu/core/org/orgTree";
import { regionChildren, viewRegion, saveRegion, deleteRegion, regionsByPrefix, REGION_ROOT } from "@xiangyu/core/org/regions";
import { listBranches } from "@xiangyu/core/org/branches";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { DomainError } from "@xiangyu/core/kernel/errors";

const orgType = (raw: unknown): string => {
  const t = String(raw ?? "").trim();
  if (!t) throw new DomainError("组织类型未定义，无法加载", "400");
  return t;
};

const impls: Impls<typeof routes> = {
  "GET /gateway/api/organization/list": async ({ caller, input }) =>
    okList(await listChildren(caller, orgType(input.orgType), optionalInt(input.parentId, 0))),
  "GET /gateway/api/organization/view": async ({ caller, input }) => ok(await viewNode(caller, intParam(input.id))),
  "POST /gateway/api/organization/save": async ({ caller, input }) => ok(await saveNode(caller, parse(OrgNodeInput, input)), "保存成功"),
  "POST /gateway/api/organization/delete": async ({ caller, input }) => {
    await deleteNode(caller, intParam(input.id, "并没有选择删除项"));
    return ok(undefined, "删除成功");
  },
  "GET /gateway/api/organization/chinaarea/list": async ({ input }) => okList(await regionChildren(optionalInt(input.parentid ?? input.parentId, REGION_ROOT))),
  "GET /gateway/api/organization/chinaarea/view": async ({ input }) => ok(await viewRegion(intParam(input.id))),
  "POST /gateway/api/organization/chinaarea/save": async ({ input }) => ok(await saveRegion(parse(RegionInput, input)), "保存成功"),
  "POST /gateway/api/organization/chinaarea/delete": async ({ input }) => {
    await deleteRegion(intParam(input.id, "并没有选择删除项"));
    return ok(undefined, "删除成功");
  },
  "GET /gateway/api/organization/app/list": async ({ caller, input }) =>
    okList(
      await appTree(caller, {
        orgType: input.orgType ? orgType(input.orgType) : DEPARTMENT_TREE,
        parentId: optionalInt(input.parentId, 0),
        isNotTree: flag(input.isNotTree),
        branchId: optionalInt(input.branchId, 0) || undefined,
      }),
    ),
  "GET /gateway/api/manage/appcenter/area/alllist": async ({ input }) => okList(await regionsByPrefix(String(input.areaCodePrefix ?? "").trim())),
  "GET /gateway/api/manage/branch/list": async ({ caller, input }) => {
    const limit = optionalInt(input.limit ?? input.pagesize ?? input.pageSize, 100000);
    return { code: "200", desc: "", rows: await listBranches(caller.tenantId, String(input.keyword ?? ""), Math.max(1, limit)) };
  },
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
