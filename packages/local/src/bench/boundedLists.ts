import { dynamo } from "@xiangyu/core/kernel/aws";
import { addTotal, nextIds } from "@xiangyu/core/kernel/counters";
import { formatDateTime } from "@xiangyu/core/kernel/clock";
import { LIST_BOUNDS } from "@xiangyu/core/kernel/list";
import { Product, PriceOrder } from "@xiangyu/core/products/entities";
import { GENERAL_SHOP } from "@xiangyu/core/products/service";
import { compare, pool, type Plan, type Variant } from "./timing.ts";
import { table } from "./markdown.ts";
import { ms, type Summary } from "./stats.ts";

/**
 * The filtered list variants of issue 23, measured at page 1 and at a deep page: a filtered total
 * is counted up to the kernel's cap (kernel/list.ts) and no page ends past its depth bound, so the
 * items DynamoDB evaluates per request stay bounded however many rows match. Each scenario is
 * timed through the gateway where the admin's session reaches it (a store-level caller is timed
 * at the service: the bench tenant has no store-level login) and as the service alone, and what
 * one request evaluates is counted (Query ScannedCount plus batch-get rows).
 */
export type ListScenario = {
  name: string;
  /** Rows the filter matches in the seed. */
  matching: number;
  gateway?: () => Promise<{ body: any }>;
  service: () => Promise<{ maxCount: number; capped: boolean; rows: number }>;
};
export type ListResult = { name: string; matching: number; total: string; items: number; gateway?: Summary; service: Summary };

let evaluated = 0;
let installed = false;
/** Items DynamoDB evaluated while `fn` ran (the gateway runs in this process, so its calls count too). */
async function itemsRead(fn: () => Promise<unknown>): Promise<number> {
  if (!installed) {
    dynamo().middlewareStack.add(
      (next) => async (args) => {
        const out: any = await next(args);
        evaluated += Number(out.output?.ScannedCount ?? 0);
        for (const rows of Object.values(out.output?.Responses ?? {})) evaluated += Array.isArray(rows) ? rows.length : 0;
        return out;
      },
      { step: "initialize", name: "benchItemsRead" },
    );
    installed = true;
  }
  evaluated = 0;
  await fn();
  return evaluated;
}

/** The total as the pager shows it: "1,000+" when counted up to the cap. */
const shown = (maxCount: number, capped: boolean) => `${maxCount.toLocaleString("en")}${capped ? "+" : ""}`;

export async function timeLists(scenarios: ListScenario[], plan: Plan, log: (s: string) => void): Promise<ListResult[]> {
  const out: ListResult[] = [];
  for (const s of scenarios) {
    log(`scenario: ${s.name}`);
    const first = await s.service();
    // An uncapped total is exact; a capped one stops at the count cap, or earlier when the read cap
    // (items evaluated) is reached first, as with a sparse keyword (12,500 of 100,000 rows → "645+").
    const right = first.capped ? first.maxCount <= LIST_BOUNDS.countCap && first.maxCount < s.matching : first.maxCount === s.matching;
    if (first.rows === 0 || !right) throw new Error(`${s.name}: unexpected page ${JSON.stringify(first)} for ${s.matching} matching rows`);
    if (s.gateway) {
      const r = await s.gateway();
      if (r.body?.pageParams?.maxCount !== first.maxCount || !!r.body?.pageParams?.totalCapped !== first.capped)
        throw new Error(`${s.name}: the route answers ${JSON.stringify(r.body?.pageParams)}`);
    }
    const items = await itemsRead(s.gateway ?? s.service);
    const variants: Record<string, Variant> = s.gateway ? { gateway: s.gateway, service: s.service } : { service: s.service };
    const figures = await compare(variants, plan);
    out.push({ name: s.name, matching: s.matching, total: shown(first.maxCount, first.capped), items, gateway: figures.gateway, service: figures.service! });
  }
  return out;
}

export function listsTable(rs: ListResult[]): string {
  return [
    `Latency in milliseconds; *items read*: what DynamoDB evaluated for one request (Query ScannedCount plus batch-get rows; through the gateway, the session and role reads too). Bounds: totals counted to ${LIST_BOUNDS.countCap.toLocaleString("en")}, no page past row ${LIST_BOUNDS.depthCap.toLocaleString("en")}, at most ${LIST_BOUNDS.readCap.toLocaleString("en")} items evaluated per filtered read. A store-level caller is timed at the service only (—).`,
    "",
    table(
      ["scenario", " matching rows", " total shown", " items read", " gateway p50", " gateway p95", " service p50", " service p95"],
      rs.map((r) => [
        r.name,
        r.matching.toLocaleString("en"),
        r.total,
        r.items.toLocaleString("en"),
        r.gateway ? ms(r.gateway.p50) : "—",
        r.gateway ? ms(r.gateway.p95) : "—",
        ms(r.service.p50),
        ms(r.service.p95),
      ]),
    ),
  ].join("\n");
}

/** A page of an envelope reply, for the scenarios' service variants. */
export const pageOf = (e: { dataList?: unknown[]; pageParams?: { maxCount: number; totalCapped?: true } }) => ({
  maxCount: e.pageParams?.maxCount ?? 0,
  capped: e.pageParams?.totalCapped === true,
  rows: e.dataList?.length ?? 0,
});

const BATCH = 25;
const IN_FLIGHT = 16;

async function putAll(entity: { put: (items: any[]) => { go: () => Promise<{ unprocessed: unknown[] }> } }, items: unknown[], what: string): Promise<void> {
  await pool(Math.ceil(items.length / BATCH), IN_FLIGHT, async (b) => {
    const { unprocessed } = await entity.put(items.slice(b * BATCH, (b + 1) * BATCH)).go();
    if (unprocessed.length) throw new Error(`${what} seed: ${unprocessed.length} items not written`);
  });
}

/** Product i: every second one a 会员… name (the keyword's matches); shops in turn, every seventh general. */
export const productShop = (i: number, shops: string[]) => (i % 7 === 0 ? GENERAL_SHOP : shops[i % shops.length]!);
export const productMatches = (i: number) => i % 2 === 0;

/** `count` products and as many price orders, straight to the table (batches), totals moved once. */
export async function seedProductsAndPrices(tenantId: string, shops: string[], count: number, log: (s: string) => void): Promise<void> {
  const t0 = Date.now();
  const createTime = formatDateTime();
  const firstProduct = await nextIds(tenantId, "product", count);
  const products = Array.from({ length: count }, (_, i) => ({
    tenantId,
    id: firstProduct + i,
    productType: 1,
    productName: `${productMatches(i) ? "会员" : "度假"}套餐${i}`,
    amount: 100_00,
    shop: productShop(i, shops),
    createTime,
  }));
  await putAll(Product as any, products, "product");
  await addTotal(tenantId, "products", count);
  await addTotal(tenantId, "products#type#1", count);
  const firstOrder = await nextIds(tenantId, "priceOrder", count);
  const orders = Array.from({ length: count }, (_, i) => ({
    tenantId,
    id: firstOrder + i,
    orderId: `P${firstOrder + i}`,
    clientId: 1 + (i % 50),
    clientName: i % 2 === 0 ? "张伟" : "李娜",
    mobile: String(15_000_000_000 + i),
    productId: firstProduct,
    productName: "会员套餐0",
    payAmount: 100_00,
    status: i % 2,
    shop: shops[i % shops.length]!,
    createTime,
  }));
  await putAll(PriceOrder as any, orders, "price order");
  await addTotal(tenantId, "priceOrders", count);
  log(`seeded ${count.toLocaleString("en")} products and ${count.toLocaleString("en")} price orders in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
