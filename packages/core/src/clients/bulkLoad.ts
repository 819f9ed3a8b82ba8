import { Client, ClientMobile, ClientTerm, type ClientItem } from "./entities.ts";
import { addToTally } from "./tally.ts";
import { bucketOf, nameKeyOf, nameTerms, normaliseCode } from "./rules.ts";

/**
 * Loads many clients with plain batch writes, for benchmarks and large demo data only: no mobile
 * guard is checked, so the caller guarantees that mobiles are unique per shop and ids unused.
 * Requests go through the import (clients/import) or the form, never through this.
 */
export async function bulkLoadClients(items: ClientItem[], concurrent = 8): Promise<void> {
  if (!items.length) return;
  const tenantId = items[0]!.tenantId;
  const terms = items.flatMap((c) => {
    const { n1, n2 } = nameTerms(c.clientName);
    const code = normaliseCode(c.memberCode ?? "");
    const base = {
      tenantId: c.tenantId,
      clientId: c.id,
      clientName: c.clientName,
      nameKey: nameKeyOf(c.clientName),
      mobile: c.mobile,
      memberCode: c.memberCode ?? "",
      shop: c.shop,
      status: c.status,
      isMgr: c.isMgr ?? 0,
    };
    return [...(n1 ? [{ ...base, kind: "n1", term: n1 }] : []), ...(n2 ? [{ ...base, kind: "n2", term: n2 }] : []), ...(code ? [{ ...base, kind: "code", term: code }] : [])];
  });
  const mobiles = items.map((c) => ({ tenantId: c.tenantId, mobile: c.mobile, shop: c.shop, clientId: c.id, clientName: c.clientName, status: c.status, isMgr: c.isMgr ?? 0 }));
  const written = await Promise.all([Client.put(items).go({ concurrent }), ClientMobile.put(mobiles).go({ concurrent }), ClientTerm.put(terms).go({ concurrent })]);
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
