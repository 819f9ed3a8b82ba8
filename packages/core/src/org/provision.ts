import { OrgNode, Region, Branch } from "./entities.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { childCode } from "./orgTree.ts";

export type RegionRow = { id: number; parentid: number; name: string; leveltype: number };
export type OrgPlan = { orgName: string; children?: OrgPlan[]; branch?: boolean };

/** The Region records of a national tree, with child counts for the lazy tree (also what the demo seed batch-writes). */
export function regionItems(rows: RegionRow[]) {
  const kids = new Map<number, number>();
  for (const r of rows) kids.set(r.parentid, (kids.get(r.parentid) ?? 0) + 1);
  return rows.map((r) => ({ ...r, code: String(r.id), status: 1, childCount: kids.get(r.id) ?? 0 }));
}

/** Loads the national region tree (once per platform), with child counts for the lazy tree. */
export async function loadRegions(rows: RegionRow[]): Promise<void> {
  await Region.put(regionItems(rows)).go({ concurrency: 8 });
}

export async function regionsLoaded(): Promise<boolean> {
  const { data } = await Region.query.byParent({ parentid: 0 }).go({ limit: 1 });
  return data.length > 0;
}

/**
 * Creates a department tree; nodes marked `branch` also become branches (分公司) whose id the
 * nodes below carry. Returns the codes by name, for seeding users into departments.
 */
export async function createDepartments(tenantId: string, plan: OrgPlan[], orgType = "dept"): Promise<Map<string, { id: number; code: string; branchId: number }>> {
  const out = new Map<string, { id: number; code: string; branchId: number }>();
  const walk = async (nodes: OrgPlan[], parentId: number, parentCode: string, branchId: number) => {
    for (const [i, n] of nodes.entries()) {
      const id = await nextId(tenantId, "orgNode");
      const seq = await nextId(tenantId, `orgChild#${orgType}#${parentId}`);
      const code = childCode(parentCode, seq);
      let bid = branchId;
      if (n.branch) {
        bid = await nextId(tenantId, "branch");
        await Branch.create({ tenantId, id: bid, branchname: n.orgName, orgCode: code, idisplay: 1, createTime: formatDateTime() }).go();
      }
      await OrgNode.create({
        tenantId,
        id,
        orgType,
        orgCode: code,
        parentId,
        orgName: n.orgName,
        branchId: bid,
        seq: i + 1,
        idisplay: 1,
        childCount: n.children?.length ?? 0,
        createTime: formatDateTime(),
      }).go();
      out.set(n.orgName, { id, code, branchId: bid });
      if (n.children) await walk(n.children, id, code, bid);
    }
  };
  await walk(plan, 0, "", 0);
  return out;
}
