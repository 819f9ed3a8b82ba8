import { Branch } from "./entities.ts";

export type BranchRow = { id: number; branchname: string; orgCode: string };

/** branch/list: rows of id and branchname; `limit` caps a search (100), dropdowns ask for all. */
export async function listBranches(tenantId: string, keyword = "", limit = 100000): Promise<BranchRow[]> {
  const { data } = await Branch.query.byId({ tenantId }).go({ pages: "all" });
  const k = keyword.trim();
  return data
    .filter((b) => b.idisplay === 1 && (!k || b.branchname.includes(k) || String(b.id) === k))
    .sort((a, b) => b.id - a.id)
    .slice(0, limit)
    .map((b) => ({ id: b.id, branchname: b.branchname, orgCode: b.orgCode ?? "" }));
}

export async function getBranch(tenantId: string, id: number) {
  const { data } = await Branch.get({ tenantId, id }).go();
  return data;
}
