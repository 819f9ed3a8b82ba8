import { HotelListVersion } from "./entities.ts";
import type { PageRun } from "../kernel/list.ts";
import type { Paging } from "../kernel/paging.ts";
import { txUpdate, type TxItem } from "../kernel/tx.ts";

/**
 * Where later pages of a hotel list start. DynamoDB has no offset: page n first walks the keys of
 * the n − 1 pages before it (kernel/list.ts), which was most of page 12's time with 250 hotels of a
 * type. The cursor that walk ends on is remembered in the container, per tenant, list (type and
 * filter) and number of hotels skipped, under the tenant's hotel list version
 * (HotelListVersion). Every hotel write that can move a hotel in a list moves that version in its
 * own transaction, so a remembered cursor is used only while nothing has moved — whichever
 * container made the write. The version is read with a consistent GetItem; a cursor walked within
 * SETTLE_MS of a change is not remembered, because the index it walked may still lag the write.
 */

const SETTLE_MS = 10_000;
/** Remembered cursors per container; cleared whole when full (they are cheap to walk again). */
const MAX_STARTS = 2000;
const starts = new Map<string, { version: number; cursor: string }>();

const moveVersion = (tenantId: string) => HotelListVersion.update({ tenantId }).add({ version: 1 }).set({ changedAt: Date.now() });

/** The transaction item that moves the version with a hotel write. */
export const hotelListChanged = (tenantId: string): TxItem => txUpdate(moveVersion(tenantId).params());

/** The same, outside a transaction (bulk loads that write hotels directly). */
export async function touchHotelList(tenantId: string): Promise<void> {
  await moveVersion(tenantId).go({ response: "none" });
}

async function readVersion(tenantId: string): Promise<{ version: number; changedAt: number }> {
  const { data } = await HotelListVersion.get({ tenantId }).go({ consistent: true });
  return { version: Number(data?.version ?? 0), changedAt: Number(data?.changedAt ?? 0) };
}

/**
 * One page of a hotel list. `list` names the list within the tenant (type and filters): two
 * lists with the same name must return the same items in the same order.
 */
export async function readHotelPage<T>(run: PageRun<T>, p: Paging, tenantId: string, list: string): Promise<T[]> {
  const skip = (p.currentPage - 1) * p.pageSize;
  if (skip === 0) return (await run({ limit: p.pageSize, cursor: null, keysOnly: false })).data;
  const key = `${tenantId}\u0000${list}\u0000${skip}`;
  const { version, changedAt } = await readVersion(tenantId);
  let cursor = starts.get(key)?.version === version ? starts.get(key)!.cursor : null;
  if (!cursor) {
    const walked = await run({ limit: skip, cursor: null, keysOnly: true });
    if (walked.data.length < skip || !walked.cursor) return [];
    cursor = walked.cursor;
    if (Date.now() - changedAt > SETTLE_MS) {
      if (starts.size >= MAX_STARTS) starts.clear();
      starts.set(key, { version, cursor });
    }
  }
  return (await run({ limit: p.pageSize, cursor, keysOnly: false })).data;
}

/** For tests: forget every remembered cursor (a fresh container). */
export const forgetPageStarts = (): void => starts.clear();
