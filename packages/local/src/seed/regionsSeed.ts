import { Region } from "@xiangyu/core/org/entities";
import { regionItems, regionsLoaded } from "@xiangyu/core/org/provision";
import { chinaRegions } from "./regions.ts";
import { itemsOf, putItems } from "./batchPut.ts";
import { since, type Log } from "./progress.ts";

/**
 * The national region tree, once per platform: core's Region records (regionItems, with child
 * counts), batch-written. It is the largest stage of a first start (3,349 nodes), and touches no
 * tenant, so demo.ts runs it beside the tenant's stages.
 */
export async function seedRegions(log: Log = () => undefined): Promise<number> {
  if (await regionsLoaded()) return 0;
  const t0 = Date.now();
  const rows = chinaRegions();
  // The root is written last: regionsLoaded() looks for it, so a start stopped midway loads the tree again.
  const items = itemsOf(regionItems(rows).map((r) => Region.put(r)));
  const root = items.findIndex((i) => i.parentid === 0);
  await putItems(
    items.filter((_, i) => i !== root),
    "regions",
  );
  await putItems([items[root]!], "regions");
  log(`regions: ${rows.length} nodes (${since(t0)})`);
  return rows.length;
}
