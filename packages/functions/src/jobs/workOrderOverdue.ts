import { allTenantIds } from "@xiangyu/core/finance/splitBill/tenants";
import { foldOverdue } from "@xiangyu/core/workorders/overdue";

/**
 * Nightly, after midnight in Shanghai: each tenant's days before today are closed and their
 * appointments still due added to the overdue totals (core workorders/overdue.ts), so the
 * workbench's 逾期未到场 is one read. Idempotent per tenant, day and store: a retry adds nothing twice.
 */
export async function handler(): Promise<{ tenants: number; folded: number }> {
  const tenants = await allTenantIds();
  let folded = 0;
  for (const tenantId of tenants) folded += (await foldOverdue(tenantId)).folded;
  return { tenants: tenants.length, folded };
}
