import { ClientTally } from "./entities.ts";
import type { Bucket } from "./rules.ts";
import { txUpdate, type TxItem } from "../kernel/tx.ts";
import { withinPrefixes } from "../kernel/dataScope.ts";

/**
 * Client totals per shop × status × staff flag, moved in the same transaction as the client
 * (ARCHITECTURE.md, data rules). Reading every tally of a tenant is one Query of small items.
 */
export const tallyDelta = (tenantId: string, b: Bucket, delta: number): TxItem =>
  txUpdate(
    ClientTally.upsert({ tenantId, shop: b.shop, status: b.status, isMgr: b.isMgr ? 1 : 0 })
      .add({ n: delta })
      .params(),
  );

/** Moves a tally outside a transaction (bulk import counts what it wrote, batch by batch). */
export async function addToTally(tenantId: string, b: Bucket, delta: number): Promise<void> {
  if (delta === 0) return;
  await ClientTally.upsert({ tenantId, shop: b.shop, status: b.status, isMgr: b.isMgr ? 1 : 0 })
    .add({ n: delta })
    .go();
}

export type Tally = Bucket & { n: number };

export async function readTallies(tenantId: string): Promise<Tally[]> {
  const { data } = await ClientTally.query.byShop({ tenantId }).go({ pages: "all" });
  return data.filter((t) => (t.n ?? 0) > 0).map((t) => ({ shop: t.shop, status: t.status, isMgr: t.isMgr, n: t.n ?? 0 }));
}

export type TallyFilter = { prefixes: string[]; statuses?: (status: number) => boolean; excludeMgr?: boolean };

export const tallyMatches = (t: Tally, f: TallyFilter): boolean => withinPrefixes(f.prefixes, t.shop) && (!f.statuses || f.statuses(t.status)) && (!f.excludeMgr || t.isMgr === 0);
