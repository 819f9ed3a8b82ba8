import { beforeAll, describe, expect, it } from "vitest";
import { goodsWorld, type GoodsWorld } from "./goodsHelpers.ts";
import { GoodsSpec } from "@xiangyu/core/goods/entities";
import { getGoodsOrder, memberCancel } from "@xiangyu/core/goods/orders";
import { readMonth } from "@xiangyu/core/finance/tallies/tally";
import { formatDate } from "@xiangyu/core/kernel/clock";
import { as } from "./clientsHelpers.ts";
import { API, FN } from "./goodsHelpers.ts";
import { readTotal } from "@xiangyu/core/kernel/counters";

/**
 * Stock is money: simultaneous orders for the last units of a slot at DynamoDB Local. Exactly as
 * many succeed as there are units, the rest are told 库存不足, and cancelled units can be ordered again.
 */
let w: GoodsWorld;
beforeAll(async () => {
  w = await goodsWorld();
});

const settle = async <T>(n: number, f: () => Promise<T>) => {
  const out = await Promise.allSettled(Array.from({ length: n }, f));
  return {
    ok: out.filter((r): r is PromiseFulfilledResult<Awaited<T>> => r.status === "fulfilled").map((r) => r.value),
    refused: out.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => String(r.reason?.message ?? r.reason)),
  };
};

describe("orders racing for a slot", () => {
  it("50 simultaneous orders for a slot with stock 5: exactly 5 succeed; after 2 cancellations exactly 2 more", async () => {
    const g = await w.onShelf("appointment", 5);
    const first = await settle(50, () => w.order(w.member(), g));
    expect(first.ok).toHaveLength(5);
    expect(new Set(first.refused)).toEqual(new Set(["库存不足"]));
    const s1 = (await GoodsSpec.get({ tenantId: w.t.clientId, goodsId: g.goodsId, id: g.specId }).go({ consistent: true })).data!;
    expect([s1.sold, s1.left, s1.orderCount]).toEqual([5, 0, 5]);
    expect(await readTotal(w.t.clientId, "goodsorders#appointment#1")).toBe(5);

    for (const o of first.ok.slice(0, 2)) await memberCancel({ tenantId: w.t.clientId, mobileUserId: o.mobileUserId, clientId: 0 }, o.id);
    const second = await settle(50, () => w.order(w.member(), g));
    expect(second.ok).toHaveLength(2);
    const s2 = (await GoodsSpec.get({ tenantId: w.t.clientId, goodsId: g.goodsId, id: g.specId }).go({ consistent: true })).data!;
    expect([s2.sold, s2.left]).toEqual([5, 0]);
    expect([await readTotal(w.t.clientId, "goodsorders#appointment#1"), await readTotal(w.t.clientId, "goodsorders#appointment#8")]).toEqual([5, 2]);
  });

  it("a spec save racing 20 orders never leaves stock below sold", async () => {
    const g = await w.onShelf("goods", 20);
    const [orders, save] = await Promise.all([settle(20, () => w.order(w.member(), g)), w.saveSpecs(g.goodsId, [{ id: g.specId, specName: "标准", goodsCount: 10, price: 10 }])]);
    const s = (await GoodsSpec.get({ tenantId: w.t.clientId, goodsId: g.goodsId, id: g.specId }).go({ consistent: true })).data!;
    expect(s.sold).toBe(orders.ok.length);
    expect(s.left).toBe(s.goodsCount! - s.sold!);
    expect(s.left).toBeGreaterThanOrEqual(0);
    // Either the save landed (stock 10, so at most 10 orders got through) or it was refused for what was already sold.
    if (save.body.code === "200") expect([s.goodsCount, orders.ok.length <= 10]).toEqual([10, true]);
    else expect([s.goodsCount, save.body.desc]).toEqual([20, expect.stringMatching(/库存不能少于已售数量|规格已被修改/)]);
  });

  it("20 simultaneous payment notices pay once and tally once; 20 simultaneous proxy cancels give the units back once", async () => {
    const g = await w.onShelf("goods", 10, 7);
    const o = await w.order(w.member(), g, 3);
    const month = formatDate().slice(0, 7);
    const before = (await readMonth(w.t.clientId, month)).store.get("")?.onlineFen ?? 0;
    const paid = await settle(20, () => w.pay(o));
    expect(paid.ok.filter((x) => x === true)).toHaveLength(1);
    expect((await readMonth(w.t.clientId, month)).store.get("")?.onlineFen).toBe(before + 2100);
    const staff = as(w.t.adminToken, FN.goodsOrders);
    const replies = await Promise.all(Array.from({ length: 20 }, () => staff.post(`${API}/order/manage/handelorder`, { orderId: o.id, currentCtrl: 4 })));
    expect(replies.filter((r) => r.body.code === "200")).toHaveLength(1);
    const s = (await GoodsSpec.get({ tenantId: w.t.clientId, goodsId: g.goodsId, id: g.specId }).go({ consistent: true })).data!;
    expect([s.sold, s.left, (await getGoodsOrder(w.t.clientId, o.id))!.status]).toEqual([0, 10, 8]);
    // The refund of the paid order was asked for once: the month's online takings are back where they were.
    expect((await readMonth(w.t.clientId, month)).store.get("")?.onlineFen).toBe(before);
  });
});
