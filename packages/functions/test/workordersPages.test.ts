import { beforeAll, describe, expect, it } from "vitest";
import { headOffice, type Caller } from "@xiangyu/core/kernel/context";
import { listWorkOrders, type WorkOrderFilter } from "@xiangyu/core/workorders/list";
import { WorkOrder, type WorkOrderItem } from "@xiangyu/core/workorders/entities";
import { tallyItem } from "@xiangyu/core/workorders/service";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { transact, txUpdate } from "@xiangyu/core/kernel/tx";
import { seedWorkOrders } from "../../local/src/bench/workorders.ts";
import { testTenant } from "./harness.ts";

/**
 * Pages of the work-order list without a keyword merge the store × code partitions the tallies
 * name (kernel/mergedPages.ts): every page must be exactly the slice of the whole list, and a deep
 * page starts from the id remembered under the covered tallies' version until a write moves them.
 */
let caller: Caller;
let tenantId: string;
let stores: string[];

const all = async (order: "asc" | "desc" = "desc") => (await WorkOrder.query.byId({ tenantId }).go({ pages: "all", order })).data;
const matching = (rows: WorkOrderItem[], f: WorkOrderFilter) => rows.filter((w) => (!f.shop || w.shop.startsWith(f.shop)) && (!f.status || w.code === f.status));
const page = async (f: WorkOrderFilter, currentPage: number, pageSize: number, order: "asc" | "desc" = "desc") => {
  const r = await listWorkOrders(caller, readPaging({ currentPage, pageSize, order }), f);
  return { ids: r.dataList!.map((w) => w.id), total: r.pageParams!.maxCount };
};

beforeAll(async () => {
  const t = await testTenant();
  tenantId = t.clientId;
  stores = ["广州天河店", "深圳南山店", "上海浦东店"].map((n) => t.depts.get(n)!.code);
  // The seed writes its tallies without a change time: their version is old enough to be remembered.
  await seedWorkOrders(tenantId, stores, 1500, () => undefined);
  caller = headOffice(tenantId, { userId: 1, username: "admin", sessionId: "t" });
}, 120_000);

describe("work-order list pages", () => {
  // The whole list, read once for every case (this block writes nothing): newest first, and oldest first as its reverse (ids are unique).
  let newestFirst: WorkOrderItem[];
  beforeAll(async () => {
    newestFirst = await all("desc");
  });
  const cases: Array<[string, () => WorkOrderFilter]> = [
    ["one store and code", () => ({ shop: stores[0], status: "1000" })],
    ["one store, every code", () => ({ shop: stores[1] })],
    ["a branch and code", () => ({ shop: stores[0]!.slice(0, 3), status: "1200" })],
    ["whole tenant by code", () => ({ status: "1000" })],
    ["whole tenant", () => ({})],
  ];
  for (const [name, filter] of cases) {
    it(`${name}: pages 1, 3, 6 and 7, newest and oldest first, are exact`, async () => {
      const f = filter();
      for (const order of ["desc", "asc"] as const) {
        const rows = matching(order === "desc" ? newestFirst : [...newestFirst].reverse(), f);
        expect(rows.length, name).toBeGreaterThan(150);
        for (const [n, size] of [
          [1, 20],
          [3, 50],
          [6, 30],
          [7, 20],
          [7, 20],
          [8, 20],
        ] as const) {
          const want = { ids: rows.slice((n - 1) * size, n * size).map((w) => w.id), total: rows.length };
          expect(await page(f, n, size, order), `${name} ${order} page ${n}×${size}`).toEqual(want);
        }
      }
    });
  }
});

describe("remembered deep-page starts", () => {
  const f = (): WorkOrderFilter => ({ shop: stores[2], status: "1000" });
  const ids = async (n: number) => (await page(f(), n, 20)).ids;
  const fresh = async () => matching(await all(), f());
  const want = (rows: WorkOrderItem[], n: number) => rows.slice((n - 1) * 20, n * 20).map((w) => w.id);

  it("keep a page's start while the tallies stand, and merge anew once a write moved them", async () => {
    const rows = await fresh();
    expect(rows.length).toBeGreaterThan(120);
    expect(await ids(6)).toEqual(want(rows, 6));
    // The page after the one just read starts where it ended.
    expect(await ids(7)).toEqual(want(rows, 7));

    // A work order before page 6 removed behind the tallies' back: the remembered start does not
    // see it (page 6 stays as it was), which proves the start is remembered and not merged again.
    await WorkOrder.delete({ tenantId, id: rows[3]!.id }).go();
    expect(await ids(6)).toEqual(want(rows, 6));

    // A code change with its tallies, as saving the panel makes it: page 6 is merged again and
    // reflects both the removal and the change.
    const moved = (await fresh())[1]!;
    await transact([
      txUpdate(WorkOrder.patch({ tenantId, id: moved.id }).set({ shop: moved.shop, code: "1200" })),
      tallyItem(tenantId, moved.shop, "1000", -1),
      tallyItem(tenantId, moved.shop, "1200", 1),
    ]);
    const now = await fresh();
    expect(now.length).toBe(rows.length - 2);
    expect(await ids(6)).toEqual(want(now, 6));
    expect(await ids(7)).toEqual(want(now, 7));
  });
});
