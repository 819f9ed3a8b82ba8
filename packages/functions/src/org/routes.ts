import { data, done, list, moduleRoute, raw, sessionRoute, type RouteTable } from "../http/define.ts";
import { idInput } from "@xiangyu/core/kernel/fields";
import { BranchListQuery, NodeDeleteInput, OrgCascaderQuery, OrgChildrenQuery, OrgNodeInput, RegionChildrenQuery, RegionInput, RegionPrefixQuery } from "@xiangyu/core/org/schemas";
import type { OrgNodeView, OrgTreeNode } from "@xiangyu/core/org/orgTree";
import type { RegionOption, RegionView } from "@xiangyu/core/org/regions";
import type { BranchRow } from "@xiangyu/core/org/branches";

/**
 * Organisation trees, the national region tree, branches and the cascader lookups. The region
 * tree is platform data: its writes also need a platform operator (core/platform/operator.ts),
 * checked by the service. Reads are not written to the operation log.
 */
const ORG = "org";

export const routes = {
  "GET /gateway/api/organization/list": moduleRoute(ORG, { input: OrgChildrenQuery, reply: list<OrgNodeView>(), log: false }),
  "GET /gateway/api/organization/view": moduleRoute(ORG, { input: idInput(), reply: data<OrgNodeView>(), log: false }),
  "POST /gateway/api/organization/save": moduleRoute(ORG, { right: "save", input: OrgNodeInput, reply: data<OrgNodeView>(), log: "保存组织机构" }),
  "POST /gateway/api/organization/delete": moduleRoute(ORG, { right: "D", input: NodeDeleteInput, reply: done(), log: "删除组织机构" }),
  "GET /gateway/api/organization/chinaarea/list": moduleRoute(ORG, { input: RegionChildrenQuery, reply: list<RegionView>(), log: false }),
  "GET /gateway/api/organization/chinaarea/view": moduleRoute(ORG, { input: idInput(), reply: data<RegionView>(), log: false }),
  "POST /gateway/api/organization/chinaarea/save": moduleRoute(ORG, { right: "save", input: RegionInput, reply: data<RegionView>(), log: "保存区域" }),
  "POST /gateway/api/organization/chinaarea/delete": moduleRoute(ORG, { right: "D", input: NodeDeleteInput, reply: done(), log: "删除区域" }),
  "GET /gateway/api/organization/app/list": sessionRoute({ input: OrgCascaderQuery, reply: list<OrgTreeNode>(), log: false }),
  "GET /gateway/api/manage/appcenter/area/alllist": sessionRoute({ input: RegionPrefixQuery, reply: list<RegionOption>(), log: false }),
  /** Answers `{code, desc, rows}` (the spec's branch picker), outside the envelope's dataList. */
  "GET /gateway/api/manage/branch/list": sessionRoute({ input: BranchListQuery, reply: raw<{ code: "200"; desc: string; rows: BranchRow[] }>(), log: false }),
} satisfies RouteTable;
