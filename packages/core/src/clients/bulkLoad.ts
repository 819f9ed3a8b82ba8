import { Client, ClientMobile, ClientTerm, type ClientItem } from "./entities.ts";
import { addToTally } from "./tally.ts";
import { bucketOf } from "./rules.ts";
import { mobileItem, termItem, terms } from "./keys.ts";

/**
 * Loads many clients with plain batch writes, for benchmarks and large demo data only: no mobile
 * guard is checked, so the caller guarantees that mobiles are unique per shop and ids unused.
 * Requests go through the import (clients/import) or the form, never through this.
 * `searchKeys: false` leaves out the search keys (name terms, member code, mobile digits: most of a
 * client's items), for a dataset whose measured lists read none of them (the scale curve's 2,000,000).
 */
export async function bulkLoadClients(items: ClientItem[], concurrent = 8, searchKeys = true): Promise<void> {
  if (!items.length) return;
  const tenantId = items[0]!.tenantId;
  // The same key items the client service writes in its transactions (keys.ts).
  const keys = searchKeys ? items.flatMap((c) => terms(c).map((t) => termItem(c, t))) : [];
  const mobiles = items.map(mobileItem);
  const written = await Promise.all([Client.put(items).go({ concurrent }), ClientMobile.put(mobiles).go({ concurrent }), ClientTerm.put(keys).go({ concurrent })]);
  // ElectroDB hands back what DynamoDB left unprocessed after its retries: a silent gap would skew every figure.
  const left = written.reduce((n, w) => n + w.unprocessed.length, 0);
  if (left) throw new Error(`bulkLoadClients: ${left} items left unprocessed`);
  const tallies = new Map<string, number>();
  for (const c of items) {
    const b = bucketOf(c);
    const k = `${b.shop}|${b.status}|${b.isMgr}`;
    tallies.set(k, (tallies.get(k) ?? 0) + 1);
  }
  for (const [k, n] of tallies) {
    const [shop, status, isMgr] = k.split("|");
    await addToTally(tenantId, { shop: shop!, status: Number(status), isMgr: Number(isMgr) }, n);
  }
}
