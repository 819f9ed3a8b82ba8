import { HotelListVersion } from "./entities.ts";
import type { PageRun } from "../kernel/list.ts";
import type { Paging } from "../kernel/paging.ts";
import { listKey, readPageFrom } from "../kernel/pageStarts.ts";
import { txUpdate, type TxItem } from "../kernel/tx.ts";

/**
 * The version hotel lists' remembered page starts (kernel/pageStarts.ts) are valid under: one per
 * tenant for every hotel list, because a rename, a change of sort order, type or store moves a
 * hotel within a list or between lists, which a per-list total would not see.
 */

const moveVersion = (tenantId: string) => HotelListVersion.update({ tenantId }).add({ version: 1 }).set({ changedAt: Date.now() });

/** The transaction item that moves the version with a hotel write. */
export const hotelListChanged = (tenantId: string): TxItem => txUpdate(moveVersion(tenantId));

/** The same, outside a transaction (bulk loads that write hotels directly). */
export async function touchHotelList(tenantId: string): Promise<void> {
  await moveVersion(tenantId).go({ response: "none" });
}

/** The version and when it last moved, read consistently (also what the occupancy roll-up was computed under). */
export async function readListVersion(tenantId: string): Promise<{ version: number; changedAt: number }> {
  const { data } = await HotelListVersion.get({ tenantId }).go({ consistent: true });
  return { version: Number(data?.version ?? 0), changedAt: Number(data?.changedAt ?? 0) };
}

/**
 * One page of a hotel list. `list` names the list within the tenant (type and filters): two
 * lists with the same name must return the same items in the same order.
 */
export const readHotelPage = <T>(run: PageRun<T>, p: Paging, tenantId: string, list: string): Promise<T[]> =>
  readPageFrom(run, p, listKey("hotels", tenantId, list), () => readListVersion(tenantId));
