import { beforeAll, describe, expect, it } from "vitest";
import { API, FN, goodsWorld, type GoodsWorld } from "./goodsHelpers.ts";
import { get, memberToken, post } from "./harness.ts";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { addDays } from "@xiangyu/core/goods/specs";
import { today } from "@xiangyu/core/kernel/clock";

/**
 * The mini-program's goods (issue 34): the catalogue of goods on shelf (class and keyword), one goods
 * with the specs open to orders, and the member's own orders (no one else's), member tokens only.
 */
let w: GoodsWorld;
let onShelf: { goodsId: number; specId: number };
let offShelf: number;
let slots: number;

const member = async (tenantId = w.t.clientId) => {
  const [id] = await registerMobileUsers(tenantId, [{ userId: `wx-${Math.random().toString(36).slice(2)}`, realname: "会员", mobile: "13922220000" }]);
  return { id: id!, token: await memberToken(tenantId, id!) };
};
const mpGet = (path: string, token: string, query: Record<string, string | number> = {}) => get(`${API}/mp/${path}`, { token, query });
const mpPost = (path: string, token: string, form: Record<string, string | number>) => post(`${API}/mp/${path}`, { token, form });

beforeAll(async () => {
  w = await goodsWorld();
  onShelf = await w.onShelf("goods", 5, 12.5);
  offShelf = (await w.newGoods("goods", { goodsName: "下架商品" })).id;
  // An appointment with a slot already over (yesterday), one to come and one switched off.
  const a = await w.newGoods("appointment", { goodsName: "理疗预约" });
  const past = addDays(today(), -1);
  const s = await w.saveSpecs(a.id, [
    { id: 0, startTime: `${past} 09:00:00`, endTime: `${past} 10:00:00`, goodsCount: 3, price: 50, marketPrice: 60, idisplay: 1 },
    { id: 0, startTime: "2099-01-01 09:00:00", endTime: "2099-01-01 10:00:00", goodsCount: 3, price: 50, marketPrice: 60, idisplay: 1 },
    { id: 0, startTime: "2099-01-02 09:00:00", endTime: "2099-01-02 10:00:00", goodsCount: 3, price: 50, marketPrice: 60, idisplay: 0 },
  ]);
  expect(s.body.code, s.body.desc).toBe("200");
  expect((await w.admin.post(`${API}/goods/passed`, { id: a.id, status: 1 })).body.code).toBe("200");
  slots = a.id;
}, 60_000);

describe("the catalogue (mp/list, mp/view)", () => {
  it("lists goods on shelf only, narrowed by class (it and below) and keyword", async () => {
    const m = await member();
    const list = await mpGet("list", m.token, { pageSize: 50 });
    expect(list.body.code).toBe("200");
    const ids = list.body.dataList.map((g: any) => g.id);
    expect(ids).toEqual(expect.arrayContaining([onShelf.goodsId, slots]));
    expect(ids).not.toContain(offShelf);
    expect(list.body.dataList.find((g: any) => g.id === onShelf.goodsId)).toMatchObject({ goodsType: "goods", goodsClassName: "理疗预约", price: 99 });
    const byKeyword = await mpGet("list", m.token, { keyword: "理疗" });
    expect(byKeyword.body.dataList.map((g: any) => g.id)).toEqual([slots]);
    // A class names its node: the goods' own class and the root above it find it; a sibling class, another tree's node or an unknown id none.
    const classId = (name: string) => w.classes.get(name)!.id;
    for (const name of ["理疗预约", "会员服务"])
      expect((await mpGet("list", m.token, { categoryId: classId(name), pageSize: 50 })).body.dataList.map((g: any) => g.id)).toContain(slots);
    expect((await mpGet("list", m.token, { categoryId: classId("实物礼品") })).body.dataList).toEqual([]);
    expect((await mpGet("list", m.token, { categoryId: w.t.depts.get("广州天河店")!.id })).body.dataList).toEqual([]);
    expect((await mpGet("list", m.token, { categoryId: 999999 })).body).toMatchObject({ code: "200", dataList: [] });
    expect((await mpGet("list", m.token, { categoryId: "x" })).body.desc).toBe("商品分类不存在");
  });

  it("shows one goods with the specs open to orders, and refuses goods off shelf or unknown", async () => {
    const m = await member();
    const g = await mpGet("view", m.token, { id: onShelf.goodsId });
    expect(g.body.data).toMatchObject({ id: onShelf.goodsId, goodsName: "测试goods", specList: [{ id: onShelf.specId, specName: "标准", price: 12.5, left: 5 }] });
    expect(Array.isArray(g.body.data.atlas)).toBe(true);
    const a = await mpGet("view", m.token, { id: slots });
    expect(a.body.data.specList.map((s: any) => s.startTime)).toEqual(["2099-01-01 09:00:00"]);
    expect((await mpGet("view", m.token, { id: offShelf })).body).toMatchObject({ code: "409", desc: "商品已下架" });
    expect((await mpGet("view", m.token, { id: 999999 })).body).toMatchObject({ code: "404", desc: "商品不存在" });
    expect((await mpGet("view", m.token, {})).body.desc).toBe("商品不存在");
  });
});

describe("my orders (mp/order/list)", () => {
  it("lists only my own orders, newest first, of one status when asked", async () => {
    const [me, other] = [await member(), await member()];
    const order = async (token: string) => (await mpPost("order/create", token, { goodsId: onShelf.goodsId, specId: onShelf.specId, buyCount: 1 })).body.data.id as number;
    const first = await order(me.token);
    const second = await order(me.token);
    const theirs = await order(other.token);
    expect((await mpPost("order/cancel", me.token, { orderId: first })).body.code).toBe("200");

    const all = await mpGet("order/list", me.token);
    expect(all.body.dataList.map((o: any) => o.id)).toEqual([second, first]);
    expect(all.body.pageParams).toMatchObject({ maxCount: 2 });
    expect(all.body.dataList[0]).toMatchObject({ goodsName: "测试goods", status: 1, price: 12.5 });
    expect((await mpGet("order/list", me.token, { status: 1 })).body.dataList.map((o: any) => o.id)).toEqual([second]);
    expect((await mpGet("order/list", me.token, { status: 8 })).body.dataList.map((o: any) => o.id)).toEqual([first]);
    expect((await mpGet("order/list", other.token)).body.dataList.map((o: any) => o.id)).toEqual([theirs]);
    expect((await mpGet("order/list", me.token, { status: 42 })).body.desc).toBe("订单状态不正确");
    // Another member's order is none of mine.
    expect((await mpGet("order/view", me.token, { orderId: theirs })).body.desc).toBe("订单不存在");
    expect((await mpPost("order/cancel", me.token, { orderId: theirs })).body.desc).toBe("订单不存在");
  });
});

describe("who may call", () => {
  it("takes member tokens only on the member routes, and staff routes refuse a member token", async () => {
    const m = await member();
    for (const path of ["list", "view", "order/list"]) {
      expect((await get(`${API}/mp/${path}`, { token: w.t.adminToken, functionId: FN.goods, query: { id: onShelf.goodsId } })).status, path).toBe(401);
      expect((await get(`${API}/mp/${path}`, { query: { id: onShelf.goodsId } })).status, path).toBe(401);
    }
    expect((await get(`${API}/goods/list`, { token: m.token, functionId: FN.goods })).status).toBe(401);
    expect((await get(`${API}/order/manage/list`, { token: m.token, functionId: FN.goodsOrders, query: { goodsType: "goods" } })).status).toBe(401);
  });

  it("shows a member of another tenant none of this tenant's goods", async () => {
    const other = await goodsWorld();
    const m = await member(other.t.clientId);
    expect((await mpGet("view", m.token, { id: onShelf.goodsId })).body.desc).toBe("商品不存在");
    expect((await mpGet("list", m.token)).body.dataList).toEqual([]);
  }, 60_000);
});
