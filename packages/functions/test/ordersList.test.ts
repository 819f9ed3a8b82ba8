import { beforeAll, describe, expect, it } from "vitest";
import { headOffice, type Caller } from "@xiangyu/core/kernel/context";
import { testTenant } from "./harness.ts";
import { seedOrders } from "../../local/src/bench/seedOrders.ts";
import { listOrders, type OrderFilter } from "@xiangyu/core/orders/list";
import { HotelOrder, type HotelOrderItem } from "@xiangyu/core/orders/entities";
import { readPaging } from "@xiangyu/core/kernel/paging";

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
