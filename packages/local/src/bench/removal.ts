import { TARGETS } from "./targets.ts";
import { benchTenant, type BenchTenant } from "./tenant.ts";
import { seedClients } from "./seedClients.ts";
import { seedOrders } from "./seedOrders.ts";
import { gatewayClient, expectOk, type Gateway } from "./http.ts";
import { FN, LIST } from "./clientsScenarios.ts";
import { table } from "./markdown.ts";
import { count, ms, summarize, type Summary } from "./stats.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * `npm run bench -- removal` (issue 37): a tenant of 200,000 clients and 300,000 orders removed
 * beside another tenant of the same size, as an operator's delete starts it (the record marked
 * `deleting`, the removal worker started: in this process, as on `npm start`, the same code the
 * cloud's invocations run). While it runs, the other tenant's client list is read one request at a
 * time through the gateway, against its latency before. At the end the removed tenant has no item
 * left and the other tenant has every item it had (and the log entries of its reads meanwhile).
 * Size: 20,000 and 30,000 with --quick.
 */
const SAMPLES_BEFORE = 200;

/** A tenant's items on the tenant index (what the removal walks), by their keys. */
async function keysOf(tenantId: string): Promise<Set<string>> {
  const { allTenantKeys } = await import("@xiangyu/core/kernel/tenantKeys");
  return new Set((await allTenantKeys(tenantId)).map((k) => `${k.pk}\u0000${k.sk}`));
}

async function seeded(gw: Gateway, name: string, clients: number, orders: number, log: (s: string) => void): Promise<BenchTenant> {
  const t = await benchTenant(gw, name);
  const seed = await seedClients(t.tenantId, clients, log, false);
  await seedOrders(t.tenantId, [...seed.shops.values()], orders, log);
  return t;
}

/** One page-1 read of the neighbour's client list, timed. */
const listRead = (gw: Gateway, t: BenchTenant) => async () => {
  const started = performance.now();
  expectOk(await gw.get(LIST, { query: { currentPage: 1, pageSize: 20 }, headers: t.headers(FN.clients) }), LIST);
  return performance.now() - started;
};

/** The removal as an operator's delete starts it, the neighbour's list read meanwhile; progress sampled from the record. */
async function removeBeside(victim: string, read: () => Promise<number>, log: (s: string) => void): Promise<{ seconds: number; during: number[] }> {
  const { Tenant } = await import("@xiangyu/core/platform/entities");
  const { startWorker, workersIdle } = await import("@xiangyu/core/kernel/background");
  const { tenantRemoval } = await import("@xiangyu/core/platform/tenantRemoval");
  // What deleteTenants does once the operator's checks passed (disabled first, then marked).
  await Tenant.patch({ clientId: victim }).set({ idisplay: 0, deleting: 1 }).go({ response: "none" });
  const started = Date.now();
  await startWorker(tenantRemoval, { clientId: victim });
  let running = true;
  const idle = workersIdle().then(() => (running = false));
  const during: number[] = [];
  let lastLog = 0;
  while (running) {
    during.push(await read());
    if (Date.now() - lastLog > 10_000) {
      lastLog = Date.now();
      const { data } = await Tenant.get({ clientId: victim }).go();
      log(`${(data?.removedItems ?? 0).toLocaleString("en")} items after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  await idle;
  return { seconds: (Date.now() - started) / 1000, during };
}

export const area: BenchArea = {
  title: "Tenant removal beside a tenant of the same size",
  async run({ quick, stack, log }) {
    const clients = quick ? 20_000 : 200_000;
    const orders = quick ? 30_000 : 300_000;
    const gw = gatewayClient(stack!.baseUrl);
    const victim = await seeded(gw, "benchremovala", clients, orders, log);
    const neighbour = await seeded(gw, "benchremovalb", clients, orders, log);
    const victimItems = (await keysOf(victim.tenantId)).size;
    const neighbourBefore = await keysOf(neighbour.tenantId);
    log(`seeded: ${victimItems.toLocaleString("en")} items to remove, ${neighbourBefore.size.toLocaleString("en")} beside them`);

    const read = listRead(gw, neighbour);
    for (let i = 0; i < 20; i++) await read();
    const before: number[] = [];
    for (let i = 0; i < (quick ? 40 : SAMPLES_BEFORE); i++) before.push(await read());
    const { seconds, during } = await removeBeside(victim.tenantId, read, log);
    const left = (await keysOf(victim.tenantId)).size;
    const neighbourAfter = await keysOf(neighbour.tenantId);
    // The other tenant's reads write their own operation-log entries meanwhile (auth/oplog.ts): new keys, none gone.
    const gone = [...neighbourBefore].filter((k) => !neighbourAfter.has(k)).length;
    const b: Summary = summarize(before);
    const d: Summary = summarize(during);

    const checks: Check[] = [
      { what: "items of the removed tenant left", target: "0", actual: left.toLocaleString("en"), pass: left === 0 },
      { what: "items of the other tenant removed", target: "0", actual: gone.toLocaleString("en"), pass: gone === 0 },
      { what: "the other tenant's client list, p95 during the removal", target: `≤ ${TARGETS.listP95Ms} ms`, actual: `${ms(d.p95)} ms`, pass: d.p95 <= TARGETS.listP95Ms },
    ];
    const body = [
      table(
        ["figure", " value"],
        [
          ["items removed (the tenant index's count before)", victimItems.toLocaleString("en")],
          ["removal time", `${seconds.toFixed(1)} s`],
          ["deletes per second", Math.round(victimItems / seconds).toLocaleString("en")],
          [
            "items of the other tenant, before → after (its reads' log entries added)",
            `${neighbourBefore.size.toLocaleString("en")} → ${neighbourAfter.size.toLocaleString("en")}`,
          ],
        ],
      ),
      "",
      "The other tenant's client list (page 1 of 20 with its total, through the gateway, one request at a time), ms:",
      "",
      table(
        ["when", " requests", " p50", " p95", " p99"],
        [
          ["before the removal", String(b.n), ms(b.p50), ms(b.p95), ms(b.p99)],
          ["while it runs", String(d.n), ms(d.p50), ms(d.p95), ms(d.p99)],
        ],
      ),
      "",
      "DynamoDB Local serves both tenants from one process on this machine's two cores, so the removal's deletes take CPU from the other tenant's reads; in DynamoDB they land on the removed tenant's own partitions and the other tenant's reads do not wait for them (docs/scale.md \"Tenant removal\", with the time for the model's largest tenant at the table's write ceiling).",
    ].join("\n");
    return {
      dataset: `two tenants of ${count(clients, "client")} and ${count(orders, "order")} each (clients without search keys); the first removed by the worker, the second read meanwhile`,
      body,
      checks,
    };
  },
};
