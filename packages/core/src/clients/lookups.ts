import { DEPARTMENT_TREE, OrgNode } from "../org/entities.ts";
import { styleList } from "../platform/styleParams.ts";
import { nowMs } from "../kernel/clock.ts";
import { workOrderStatusName } from "./rules.ts";

/**
 * What client lists look up on every request and what changes rarely: shop names and codes, the
 * client statuses, the work-order status names. Kept per container for 30 s, like the menu and
 * roles (docs/decisions.md); a new shop shows in lists within 30 s.
 */
export type Naming = {
  shopName: (code: string) => string;
  workOrderName: (code: string) => string;
  /** Every department code of the tenant (stores and the nodes above them). */
  shopCodes: string[];
  /** The values of the clientStatus list. */
  statuses: number[];
};

const TTL_MS = 30_000;
const cache = new Map<string, { at: number; naming: Promise<Naming> }>();

export function namingFor(tenantId: string): Promise<Naming> {
  const hit = cache.get(tenantId);
  if (hit && nowMs() - hit.at < TTL_MS) return hit.naming;
  const naming = read(tenantId);
  cache.set(tenantId, { at: nowMs(), naming });
  naming.catch(() => cache.delete(tenantId));
  return naming;
}

async function read(tenantId: string): Promise<Naming> {
  const [{ data: nodes }, wo, statuses] = await Promise.all([
    OrgNode.query.byCode({ tenantId, orgType: DEPARTMENT_TREE }).go({ pages: "all", attributes: ["orgCode", "orgName"] }),
    styleList(tenantId, "workOrderStatus", true),
    styleList(tenantId, "clientStatus", true),
  ]);
  const shops = new Map(nodes.map((n) => [n.orgCode, n.orgName]));
  const woNames = new Map(wo.map((r) => [r.styleid, r.stylename]));
  return {
    shopName: (c) => shops.get(c) ?? "",
    workOrderName: (c) => workOrderStatusName(c, woNames),
    shopCodes: [...shops.keys()],
    statuses: statuses.map((r) => Number(r.styleid)).filter((n) => Number.isInteger(n)),
  };
}
