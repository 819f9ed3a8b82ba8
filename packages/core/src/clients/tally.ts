import { ClientTally } from "./entities.ts";
import type { Bucket } from "./rules.ts";
import { txUpdate, type TxItem } from "../kernel/tx.ts";
import { withinPrefixes } from "../kernel/dataScope.ts";

/**
 * Client totals per shop × status × staff flag, moved in the same transaction as the client
 * (docs/architecture.md, data rules). Reading every tally of a tenant is one Query of small items. Each
 * move also grows `moves` and sets `changedAt`: the version of the deep pages' remembered starts
 * (kernel/mergedPages.ts).
 */
export const tallyDelta = (tenantId: string, b: Bucket, delta: number): TxItem => txUpdate(tallyMove(tenantId, b, delta));

const tallyMove = (tenantId: string, b: Bucket, delta: number) =>
  ClientTally.upsert({ tenantId, shop: b.shop, status: b.status, isMgr: b.isMgr ? 1 : 0 })
    .add({ n: delta, moves: 1 })
    .set({ changedAt: Date.now() });

/**
 * Moves a tally outside a transaction (bulk import counts what it wrote, batch by batch). Until it
 * does, a deep page may start from a start remembered before the batch (a page can lag the batch
 * by its rows, as an index lags a write); the move then forgets it.
 */
export async function addToTally(tenantId: string, b: Bucket, delta: number): Promise<void> {
  if (delta === 0) return;
  await tallyMove(tenantId, b, delta).go();
}

export type Tally = Bucket & { n: number; moves: number; changedAt: number };

/**
 * Every tally with clients. `consistent` (a deep page) also returns the empty ones, whose moves are
 * part of the version, read consistently.
 */
export async function readTallies(tenantId: string, consistent = false): Promise<Tally[]> {
  const { data } = await ClientTally.query.byShop({ tenantId }).go({ pages: "all", consistent });
  return data
    .filter((t) => consistent || (t.n ?? 0) > 0)
    .map((t) => ({ shop: t.shop, status: t.status, isMgr: t.isMgr, n: t.n ?? 0, moves: t.moves ?? 0, changedAt: t.changedAt ?? 0 }));
}

export type TallyFilter = { prefixes: string[]; statuses?: (status: number) => boolean; excludeMgr?: boolean };

export const tallyMatches = (t: Tally, f: TallyFilter): boolean => withinPrefixes(f.prefixes, t.shop) && (!f.statuses || f.statuses(t.status)) && (!f.excludeMgr || t.isMgr === 0);
