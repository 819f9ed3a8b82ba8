import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { addTotal } from "@xiangyu/core/kernel/counters";
import { headOffice, type Caller } from "@xiangyu/core/kernel/context";
import { readPaging, type Paging } from "@xiangyu/core/kernel/paging";
import { tooDeep, withListBounds, type ListBounds } from "@xiangyu/core/kernel/list";
import { Product, PriceOrder } from "@xiangyu/core/products/entities";
import { listProducts, GENERAL_SHOP } from "@xiangyu/core/products/service";
import { listPriceOrders } from "@xiangyu/core/products/priceOrders";
import { Hotel, newestFirst } from "@xiangyu/core/hotels/entities";
import { hotelPage, hotelTotal } from "@xiangyu/core/hotels/hotelQueries";
import { forgetPageStarts } from "@xiangyu/core/kernel/pageStarts";
import { listClients } from "@xiangyu/core/clients/list";
import { listOrders } from "@xiangyu/core/orders/list";
import { seedClients, storeOf, surnameOf, type ClientSeed } from "../../local/src/bench/seedClients.ts";
import { DEMO_DEPARTMENTS } from "../../local/src/seed/demo.ts";
import { seedOrders } from "../../local/src/bench/seedOrders.ts";
import { testTenant } from "./harness.ts";

/**
 * No list reads a partition to count or to page (issue 23; kernel/list.ts). Under lowered bounds
 * (a cap of 30, the deepest page ending at row 60, 150 items evaluated per read), every filtered
 * list seeded past its cap answers a capped total and exact rows, refuses a page past the depth
 * bound, and the DynamoDB items it evaluates per request stay under the bound, whatever the
 * partition holds (1,000 rows here): a return to counting by reading fails the last assertion.
 */
const BOUNDS: ListBounds = { countCap: 30, depthCap: 60, readCap: 150 };
const N = 1000;
/** Clients seeded: 20 per surname. */
const CLIENTS = 400;

let tenantId: string;
let admin: Caller;
let store: Caller;
let storeCode: string;
let otherCode: string;

/** Items DynamoDB evaluated (Query ScannedCount) and returned by batch gets, per request. */
let evaluated = 0;
function countReads() {
  const client = dynamo();
  const send = client.send.bind(client);
  vi.spyOn(client, "send").mockImplementation((async (cmd: any, ...rest: any[]) => {
    const out: any = await (send as any)(cmd, ...rest);
    evaluated += out?.ScannedCount ?? 0;
    for (const rows of Object.values(out?.Responses ?? {})) evaluated += Array.isArray(rows) ? rows.length : 0;
    return out;
  }) as any);
}
afterEach(() => vi.restoreAllMocks());

/** Runs one request under the test bounds and answers its reply with the items it evaluated. */
async function measured<T>(fn: () => Promise<T>): Promise<{ out: T; reads: number }> {
  countReads();
  evaluated = 0;
  const out = await withListBounds(BOUNDS, fn);
  const reads = evaluated;
  vi.restoreAllMocks();
  return { out, reads };
}

const paging = (page: number, size = 20): Paging => readPaging({ currentPage: page, pageSize: size });
const ids = (rows: Array<{ id: number }> | undefined) => (rows ?? []).map((r) => r.id);
/** A request's worst case: a count and a walk, each at most readCap items, then a page (or one batch). */
const READ_BOUND = 3 * BOUNDS.readCap;

async function putAll(entity: { put: (items: any[]) => { go: () => Promise<unknown> } }, items: unknown[]) {
  for (let i = 0; i < items.length; i += 25) await entity.put(items.slice(i, i + 25)).go();
}

beforeAll(async () => {
  const t = await testTenant();
  tenantId = t.clientId;
  storeCode = t.depts.get("广州天河店")!.code;
  otherCode = t.depts.get("深圳南山店")!.code;
  admin = headOffice(tenantId, { userId: 1, username: "admin", sessionId: "t" });
  // A store-level caller as a store manager is built: its role reaches its departments and below.
  store = { ...admin, deptCodes: [storeCode], managelevel: 3, dataScope: "deptTree" };
  const shopOf = (i: number) => (i % 3 === 0 ? storeCode : i % 3 === 1 ? otherCode : GENERAL_SHOP);
  // Products 1..N: every second one named 星…; shops in turn.
  await putAll(
    Product,
    Array.from({ length: N }, (_, k) => ({ tenantId, id: k + 1, productType: 1, productName: `${(k + 1) % 2 ? "星" : "月"}产品${k + 1}`, amount: 100, shop: shopOf(k + 1) })),
  );
  await addTotal(tenantId, "products", N);
  // Price orders 1..N: statuses alternate, client 7 holds every fourth, shops in turn.
  await putAll(
    PriceOrder,
    Array.from({ length: N }, (_, k) => ({
      tenantId,
      id: k + 1,
      orderId: `P${k + 1}`,
      clientId: (k + 1) % 4 === 0 ? 7 : 8,
      clientName: (k + 1) % 2 ? "张三" : "李四",
      productId: 1,
      payAmount: 100,
      status: (k + 1) % 2,
      shop: (k + 1) % 3 === 0 ? storeCode : otherCode,
    })),
  );
  await addTotal(tenantId, "priceOrders", N);
  // Hotels 1..N, sortOrder 0 (so newest first): every second one named 海…
  await putAll(
    Hotel,
    Array.from({ length: N }, (_, k) => ({
      tenantId,
      id: k + 1,
      hotelType: 1,
      hotelName: `${(k + 1) % 2 ? "海景" : "山景"}酒店${k + 1}`,
      shop: shopOf(k + 1),
      sortOrder: 0,
      rank: newestFirst(k + 1),
    })),
  );
  await addTotal(tenantId, hotelTotal(), N);
  await addTotal(tenantId, hotelTotal(1), N);
}, 120_000);

/** Newest first, the ids 1..N that pass `test`. */
const matching = (test: (id: number) => boolean) => Array.from({ length: N }, (_, k) => N - k).filter(test);

describe("products", () => {
  const star = (id: number) => id % 2 === 1;
  const mine = (id: number) => id % 3 !== 1; // the store's own and the general ones

  it("a keyword list counts at most the cap, says so, and pages exactly up to the depth bound", async () => {
    const want = matching(star);
    for (const page of [1, 2, 3]) {
      const { out, reads } = await measured(() => listProducts(admin, paging(page), { keyword: "星" }));
      expect(out.pageParams).toMatchObject({ maxCount: 30, totalCapped: true });
      expect(ids(out.dataList)).toEqual(want.slice((page - 1) * 20, page * 20));
      expect(reads).toBeLessThanOrEqual(READ_BOUND);
    }
    await expect(withListBounds(BOUNDS, () => listProducts(admin, paging(4), { keyword: "星" }))).rejects.toThrow(tooDeep(60));
  });

  it("a store-level caller's list is capped the same way, with its own rows", async () => {
    const { out, reads } = await measured(() => listProducts(store, paging(2), {}));
    expect(out.pageParams).toMatchObject({ maxCount: 30, totalCapped: true });
    expect(ids(out.dataList)).toEqual(matching(mine).slice(20, 40));
    expect(reads).toBeLessThanOrEqual(READ_BOUND);
  });

  it("a small match within the read bound is counted exactly and not labelled", async () => {
    const out = await withListBounds({ ...BOUNDS, readCap: 2000 }, () => listProducts(admin, paging(1), { keyword: "星产品39" }));
    expect(ids(out.dataList)).toEqual([399, 397, 395, 393, 391, 39]);
    expect(out.pageParams!.maxCount).toBe(6);
    expect(out.pageParams!.totalCapped).toBeUndefined();
  });

  it("the unfiltered list answers its kept total, exact", async () => {
    const { out, reads } = await measured(() => listProducts(admin, paging(3), {}));
    expect(out.pageParams!.maxCount).toBe(N);
    expect(out.pageParams!.totalCapped).toBeUndefined();
    expect(ids(out.dataList)).toEqual(matching(() => true).slice(40, 60));
    expect(reads).toBeLessThanOrEqual(READ_BOUND);
  });

  it("a rare match beyond the read bound is reported as at least what was found", async () => {
    // 星产品1 matches 1, 1x, 1xx: only 1..199 lie past the newest 150 items evaluated by the count.
    const { out, reads } = await measured(() => listProducts(admin, paging(1), { keyword: "星产品1" }));
    expect(out.pageParams!.totalCapped).toBe(true);
    expect(reads).toBeLessThanOrEqual(READ_BOUND);
  });
});

describe("price orders", () => {
  const cases: Array<[string, () => Parameters<typeof listPriceOrders>[2], () => Caller, string, (id: number) => boolean]> = [
    ["by status", () => ({ status: 1 }), () => admin, "", (id) => id % 2 === 1],
    ["by client", () => ({ clientId: 7 }), () => admin, "", (id) => id % 4 === 0],
    ["by keyword", () => ({}), () => admin, "张三", (id) => id % 2 === 1],
    ["for a store-level caller", () => ({}), () => store, "", (id) => id % 3 === 0],
  ];
  for (const [name, filter, caller, keyword, test] of cases) {
    it(`${name}: capped total, exact page 2, bounded reads`, async () => {
      const p = readPaging({ currentPage: 2, pageSize: 20, keyword });
      const { out, reads } = await measured(() => listPriceOrders(caller(), p, filter()));
      expect(out.pageParams).toMatchObject({ maxCount: 30, totalCapped: true });
      expect(ids(out.dataList)).toEqual(matching(test).slice(20, 40));
      expect(reads).toBeLessThanOrEqual(READ_BOUND);
    });
  }
});

describe("hotels", () => {
  it("keyword and store-level lists: capped totals, exact pages (remembered starts too), bounded reads", async () => {
    forgetPageStarts();
    const sea = matching((id) => id % 2 === 1);
    // Hotels have no general shop: a store-level caller sees its store's only.
    const mine = matching((id) => id % 3 === 0);
    for (const [scope, f, want] of [
      [{ caller: admin }, { keyword: "海景" }, sea],
      [{ caller: store }, {}, mine],
    ] as const) {
      for (const page of [1, 3, 3]) {
        const { out, reads } = await measured(() => hotelPage(scope, paging(page), f));
        expect(out.total).toEqual({ total: 30, capped: true });
        expect(ids(out.rows)).toEqual(want.slice((page - 1) * 20, page * 20));
        expect(reads).toBeLessThanOrEqual(READ_BOUND);
      }
      await expect(withListBounds(BOUNDS, () => hotelPage(scope, paging(4), f))).rejects.toThrow(tooDeep(60));
    }
  });

  it("the unfiltered list keeps its exact total", async () => {
    const { out } = await measured(() => hotelPage({ caller: admin }, paging(2), {}));
    expect(out.total).toBe(N);
    expect(ids(out.rows)).toEqual(matching(() => true).slice(20, 40));
  });
});

describe("clients: a one-character surname", () => {
  let seed: ClientSeed;
  let clientAdmin: Caller;
  beforeAll(async () => {
    const t = `c${Date.now().toString(36)}`;
    seed = await seedClients(t, CLIENTS, () => undefined);
    clientAdmin = headOffice(t, { userId: 1, username: "admin", sessionId: "t" });
  }, 120_000);

  it("counts at most the cap, pages exactly both ways, and refuses past the depth bound", async () => {
    const 王 = surnameOf(0);
    const all = Array.from({ length: CLIENTS }, (_, j) => j)
      .filter((j) => surnameOf(j) === 王)
      .map((j) => seed.idOf(j));
    expect(all.length).toBe(20);
    const bounds = { countCap: 8, depthCap: 15, readCap: 150 };
    for (const order of ["desc", "asc"] as const) {
      const sorted = [...all].sort((a, b) => (order === "asc" ? a - b : b - a));
      for (const page of [1, 3]) {
        const p = readPaging({ currentPage: page, pageSize: 5, keyword: 王, order });
        const out = await withListBounds(bounds, () => listClients(clientAdmin, p, {}));
        expect(out.total).toEqual({ total: 8, capped: true });
        expect(ids(out.rows)).toEqual(sorted.slice((page - 1) * 5, page * 5));
      }
    }
    const p4 = readPaging({ currentPage: 4, pageSize: 5, keyword: 王 });
    await expect(withListBounds(bounds, () => listClients(clientAdmin, p4, {}))).rejects.toThrow(tooDeep(15));
  });

  it("a deep page without keyword merges ids across a branch's stores, reading about the depth only", async () => {
    const branch = seed.shops.get(DEMO_DEPARTMENTS[0]!.orgName)!;
    const want = Array.from({ length: CLIENTS }, (_, j) => j)
      .filter((j) => seed.shops.get(storeOf(j))!.startsWith(branch))
      .map((j) => seed.idOf(j))
      .sort((a, b) => b - a);
    const caller = { ...clientAdmin, deptCodes: [branch], dataScope: "deptTree" as const };
    // Page 6 of 20 ends at row 120: past the rows read whole (100), so ids are merged.
    const deep = { ...BOUNDS, depthCap: 200 };
    countReads();
    evaluated = 0;
    const out = await withListBounds(deep, () => listClients(caller, readPaging({ currentPage: 6, pageSize: 20 }), {}));
    const reads = evaluated;
    vi.restoreAllMocks();
    expect(out.total).toBe(want.length);
    expect(ids(out.rows)).toEqual(want.slice(100, 120));
    // Reading `need` ids from each of the three stores (the old way) would pass 360.
    expect(reads).toBeLessThanOrEqual(300);
  });
});

describe("orders: deep pages", () => {
  it("a merged deep page is exact and reads about its depth in ids; one past the bound is refused", async () => {
    const t = await testTenant();
    const stores = ["广州天河店", "深圳南山店", "上海浦东店"].map((n) => t.depts.get(n)!.code);
    await seedOrders(t.clientId, stores, 400, () => undefined);
    const caller = headOffice(t.clientId, { userId: 1, username: "admin", sessionId: "t" });
    const first = await listOrders(caller, "order", readPaging({ currentPage: 1, pageSize: 100 }), { status: 6 });
    const second = await listOrders(caller, "order", readPaging({ currentPage: 2, pageSize: 100 }), { status: 6 });
    const all = [...ids(first.rows), ...ids(second.rows)];
    expect(all.length).toBeGreaterThan(120);
    const deep = { ...BOUNDS, depthCap: 200 };
    countReads();
    evaluated = 0;
    const out = await withListBounds(deep, () => listOrders(caller, "order", paging(6), { status: 6 }));
    const reads = evaluated;
    vi.restoreAllMocks();
    expect(ids(out.rows)).toEqual(all.slice(100, 120));
    expect(reads).toBeLessThanOrEqual(300);
    // The filtered export reads these lists ten times deeper than the kernel's bound, no further.
    await expect(withListBounds(deep, () => listOrders(caller, "order", paging(101), { status: 6 }))).rejects.toThrow(tooDeep(2000));
  }, 60_000);
});
