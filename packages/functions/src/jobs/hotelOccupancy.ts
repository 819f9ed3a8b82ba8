import { allTenantIds } from "@xiangyu/core/finance/splitBill/tenants";
import { keepRollup } from "@xiangyu/core/hotels/occupancyRollup";
import { mapLimit } from "@xiangyu/core/kernel/batch";
import { errorText, logLine } from "@xiangyu/core/kernel/log";

/**
 * Every ten minutes: the occupancy of the days to come rolled up per hotel type and store (core
 * hotels/occupancyRollup.ts) for each tenant whose chart was read within a day, so the workbench's
 * 未来30天入住率 is one Query. A tenant that
 * fails is logged and left to the next run (its readers compute the roll-up themselves meanwhile);
 * the others go on.
 */
export async function handler(): Promise<{ tenants: number; rolledUp: number; failed: number }> {
  const tenants = await allTenantIds();
  const outcomes = await mapLimit(
    tenants,
    async (tenantId) => {
      try {
        return (await keepRollup(tenantId)) ? "rolledUp" : "idle";
      } catch (e) {
        logLine("error", { msg: "occupancy roll-up failed", tenantId, error: errorText(e) });
        return "failed";
      }
    },
    4,
  );
  const count = (what: string) => outcomes.filter((o) => o === what).length;
  return { tenants: tenants.length, rolledUp: count("rolledUp"), failed: count("failed") };
}
