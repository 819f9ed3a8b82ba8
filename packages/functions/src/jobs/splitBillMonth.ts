import { allTenantIds } from "@xiangyu/core/finance/splitBill/tenants";
import { runPreviousMonth } from "@xiangyu/core/finance/splitBill/service";

/**
 * On the 1st of each month at 02:00 Asia/Shanghai: every tenant's previous month from its tallies.
 * A tenant whose month is already done is skipped, so a retried or repeated run resumes where a
 * failed one stopped and never rewrites a finished month (the on-demand run does, docs/finance.md).
 */
export async function handler(): Promise<{ tenants: number; computed: number }> {
  const out = await runPreviousMonth(await allTenantIds());
  return { tenants: out.length, computed: out.filter((r) => !r.skipped).length };
}
