import { beforeAll, describe, expect, it } from "vitest";
import { headOffice, type Caller } from "@xiangyu/core/kernel/context";
import { testTenant } from "./harness.ts";
import { seedOrders } from "../../local/src/bench/seedOrders.ts";
import { listOrders, type OrderFilter } from "@xiangyu/core/orders/list";
import { HotelOrder, type HotelOrderItem } from "@xiangyu/core/orders/entities";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { transact } from "@xiangyu/core/kernel/tx";
import { moveItems } from "@xiangyu/core/orders/records";

/**
 * Deep pages of the order lists merge the partitions of several categories / stores by id
 * (kernel/list.ts mergedTopIds): every page must be exactly the slice a full merge gives.
 */
let caller: Caller;
let all: HotelOrderItem[];
let stores: string[];

beforeAll(async () => {
  const t = await testTenant();
  stores = ["广州天河店", "深圳南山店", "上海浦东店"].map((n) => t.depts.get(n)!.code);
  await seedOrders(t.clientId, stores, 900, () => undefined);
  all = (await HotelOrder.query.byId({ tenantId: t.clientId }).go({ pages: "all", order: "desc" })).data;
  caller = headOffice(t.clientId, { userId: 1, username: "admin", sessionId: "t" });
}, 120_000);

const expected = (f: OrderFilter, page: number, size: number) => {
  const rows = all.filter(
    (o) => (!f.shop || o.shop.startsWith(f.shop)) && (f.status === undefined || o.status === f.status) && (!f.checkinType || o.checkinType === f.checkinType),
  );
  return { ids: rows.slice((page - 1) * size, page * size).map((o) => o.id), total: rows.length };
};

describe("order list pages", () => {
  const cases: Array<[string, () => OrderFilter]> = [
    ["one store and status, every category", () => ({ shop: stores[0], status: 6 })],
    ["one store, every status and category", () => ({ shop: stores[1] })],
    ["a branch and status", () => ({ shop: stores[0]!.slice(0, 3), status: 6 })],
    ["whole tenant by status", () => ({ status: 4 })],
    ["one category by status", () => ({ checkinType: "club", status: 6 })],
  ];
  for (const [name, filter] of cases) {
    it(`${name}: pages 1, 3, 6 and the last are exact`, async () => {
      const f = filter();
      for (const [page, size] of [
        [1, 20],
        [3, 50],
        [6, 30],
        [7, 50],
      ] as const) {
        const got = await listOrders(caller, "order", readPaging({ currentPage: page, pageSize: size }), f);
        const want = expected(f, page, size);
        expect({ ids: got.rows.map((r) => r.id), total: got.total }, `${name} page ${page}×${size}`).toEqual(want);
      }
    });
  }
});

/**
 * A deep page starts from the id remembered under the tallies' version (orders/list.ts
 * deepPageIds): read again, or the page after one just read, it reads only its own ids. A write
 * that moves an order between partitions moves their tallies, so the next deep read merges anew.
 */
describe("remembered deep-page starts", () => {
  let own: Caller;
  let tenantId: string;
  let shop: string;
  const f = (): OrderFilter => ({ shop, status: 6 });
  const ids = async (page: number) => (await listOrders(own, "order", readPaging({ currentPage: page, pageSize: 20 }), f())).rows.map((r) => r.id);
  const fresh = async () => (await HotelOrder.query.byId({ tenantId }).go({ pages: "all", order: "desc" })).data.filter((o) => o.shop === shop && o.status === 6);

  beforeAll(async () => {
    const t = await testTenant();
    tenantId = t.clientId;
    shop = t.depts.get("广州天河店")!.code;
    // The bench seed writes its tallies without a change time: their version is old enough to be remembered.
    await seedOrders(tenantId, [shop], 900, () => undefined);
    own = headOffice(tenantId, { userId: 1, username: "admin", sessionId: "t" });
  }, 120_000);

  it("reads a first page larger than the whole-read bound (the export's 200) alike every time, and the page after it", async () => {
    for (const order of ["desc", "asc"] as const) {
      const all = (await HotelOrder.query.byId({ tenantId }).go({ pages: "all", order })).data.filter((o) => o.shop === shop).map((o) => o.id);
      const page = async (n: number) => (await listOrders(own, "order", readPaging({ currentPage: n, pageSize: 200, order }), { shop })).rows.map((r) => r.id);
      expect(all.length).toBeGreaterThan(400);
      expect(await page(1), order).toEqual(all.slice(0, 200));
      expect(await page(1), order).toEqual(all.slice(0, 200));
      expect(await page(2), order).toEqual(all.slice(200, 400));
    }
  });

  it("keeps a page's start while the version stands, and merges anew once a write moved it", async () => {
    const rows = await fresh();
    expect(rows.length).toBeGreaterThan(160);
    const want = (page: number, list = rows) => list.slice((page - 1) * 20, page * 20).map((o) => o.id);
    expect(await ids(7)).toEqual(want(7));
    // The page after the one just read starts where it ended.
    expect(await ids(8)).toEqual(want(8));

    // An order before page 7 removed behind the tallies' back: a remembered start does not see it
    // (page 7 stays as it was), which proves the start is remembered and not merged again.
    const gone = rows[5]!;
    await HotelOrder.delete({ tenantId, id: gone.id }).go();
    expect(await ids(7)).toEqual(want(7));

    // A status change through the order's transaction moves the tallies: page 7 is merged again and
    // reflects both the removal and the change.
    const moved = (await fresh())[2]!;
    await transact(moveItems(moved, 4, {}));
    const now = await fresh();
    expect(now.length).toBe(rows.length - 2);
    expect(await ids(7)).toEqual(want(7, now));
    expect(await ids(8)).toEqual(want(8, now));
  });
});
