import { VoucherBatch } from "@xiangyu/core/vouchers/ledger/entities";
import { VoucherExchange } from "@xiangyu/core/vouchers/entities";
import { listGifts } from "@xiangyu/core/vouchers/gifts";
import { listExchanges } from "@xiangyu/core/vouchers/exchanges";
import { addTotal, nextIds } from "@xiangyu/core/kernel/counters";
import { SETTLE_MS } from "@xiangyu/core/kernel/pageStarts";
import { formatDateTime } from "@xiangyu/core/kernel/clock";
import { headOffice } from "@xiangyu/core/kernel/context";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { TARGETS } from "./targets.ts";
import { benchTenant } from "./tenant.ts";
import { gatewayClient, expectOk } from "./http.ts";
import { pool, type Plan } from "./timing.ts";
import { listsTable, pageOf, timeLists, type ListScenario } from "./boundedLists.ts";
import { ms } from "./stats.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * Issue 15's target: with 100,000 gift batches and 100,000 room-voucher exchanges in one tenant,
 * the gift list and the exchange list (hotelticket/list, exchangeType 3 and '1,2') answer page 1
 * and page 50 in ≤ 100 ms at p95 through the gateway. Rows are written straight to the table with
 * their tallies (the services' own writes are tested elsewhere); a keyword read is shown beside.
 */
const LIST = "/xiangyu/api/order/hotelticket/list";
const FN = { gifts: 1802, exchanges: 1803 } as const;
const PAGE_SIZE = 20;
const BATCH = 25;

async function putAll(entity: { put: (items: any[]) => { go: () => Promise<{ unprocessed: unknown[] }> } }, items: unknown[]): Promise<void> {
  await pool(Math.ceil(items.length / BATCH), 16, async (b) => {
    const { unprocessed } = await entity.put(items.slice(b * BATCH, (b + 1) * BATCH)).go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} items not written`);
  });
}

async function seed(tenantId: string, size: number, log: (s: string) => void) {
  const t0 = Date.now();
  const createTime = formatDateTime();
  const firstBatch = await nextIds(tenantId, "voucherBatch", size);
  const gifts = Array.from({ length: size }, (_, i) => ({
    tenantId,
    clientId: 1 + (i % 500),
    id: firstBatch + i,
    batchNo: `B${firstBatch + i}`,
    ticketType: 0,
    priceType: 1,
    useScope: 1 + (i % 3),
    ticketCount: 5,
    remainingCount: 5,
    ticketDuration: "2030-12-31 23:59:59",
    status: i % 2,
    source: "gift",
    clientName: i % 2 === 0 ? "张伟" : "李娜",
    mobile: String(15_000_000_000 + i),
    shop: "001001",
    exchangeUser: "bench",
    createTime,
  }));
  await putAll(VoucherBatch as any, gifts);
  await addTotal(tenantId, "giftVouchers", size);
  const firstExchange = await nextIds(tenantId, "voucherExchange", size);
  const exchanges = Array.from({ length: size }, (_, i) => ({
    tenantId,
    id: firstExchange + i,
    clientId: 1 + (i % 500),
    clientName: i % 2 === 0 ? "张伟" : "李娜",
    mobile: String(16_000_000_000 + i),
    shop: "001001",
    productTypeId: 1,
    weekCount: 1,
    ticketCount: 1,
    weekstartTicketCount: 5,
    weekendTicketCount: 2,
    exchangeTime: createTime,
  }));
  await putAll(VoucherExchange as any, exchanges);
  await addTotal(tenantId, "voucherExchanges", size);
  log(`seeded ${size.toLocaleString("en")} gift batches and ${size.toLocaleString("en")} exchanges in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

export const area: BenchArea = {
  title: "Room vouchers",
  async run({ quick, stack, log }) {
    if (!stack) throw new Error("the vouchers bench needs the running product");
    const size = quick ? 3_000 : 100_000;
    const plan: Plan = quick ? { warmup: 3, iterations: 10 } : { warmup: 10, iterations: TARGETS.samples };
    const gw = gatewayClient(stack.baseUrl);
    const t = await benchTenant(gw, "benchvouchers");
    await seed(t.tenantId, size, log);
    // Deep pages start from remembered cursors (kernel/pageStarts.ts) only once the lists' last
    // change is older than the settle window: timed is the steady state, not the first minutes after a load.
    log(`waiting ${SETTLE_MS / 1000} s for the seeded lists to settle`);
    await new Promise((r) => setTimeout(r, SETTLE_MS + 500));
    const caller = headOffice(t.tenantId, { userId: 1, username: "admin", sessionId: "bench" });
    const paging = (page: number, keyword = "") => readPaging({ currentPage: page, pageSize: PAGE_SIZE, keyword });
    const via = (fn: number, query: Record<string, string | number>) => async () =>
      expectOk(await gw.get(LIST, { query: { pageSize: PAGE_SIZE, ...query }, headers: t.headers(fn) }), LIST);
    const scenarios: ListScenario[] = [];
    for (const page of [1, 50]) {
      scenarios.push(
        {
          name: `gift vouchers, page ${page}`,
          matching: size,
          gateway: via(FN.gifts, { currentPage: page, exchangeType: "3" }),
          service: async () => pageOf(await listGifts(caller, paging(page), {})),
        },
        {
          name: `room-voucher exchanges, page ${page}`,
          matching: size,
          gateway: via(FN.exchanges, { currentPage: page, exchangeType: "1,2" }),
          service: async () => pageOf(await listExchanges(caller, paging(page), {})),
        },
        {
          name: `gift vouchers by client keyword, page ${page}`,
          matching: size / 2,
          gateway: via(FN.gifts, { currentPage: page, exchangeType: "3", keyword: "张伟" }),
          service: async () => pageOf(await listGifts(caller, paging(page, "张伟"), {})),
        },
      );
    }
    const results = await timeLists(scenarios, plan, log);
    const checks: Check[] = results
      .filter((r) => !r.name.includes("keyword"))
      .map((r) => ({ what: `${r.name} (gateway p95)`, target: `≤ ${TARGETS.listP95Ms} ms`, actual: `${ms(r.gateway!.p95)} ms`, pass: r.gateway!.p95 <= TARGETS.listP95Ms }));
    return { dataset: `${size.toLocaleString("en")} gift batches and ${size.toLocaleString("en")} exchanges in one tenant`, body: listsTable(results), checks };
  },
};
