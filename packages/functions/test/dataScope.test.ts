import { describe, it, expect, beforeAll } from "vitest";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { AREAS, type AreaName } from "../src/manifest.ts";
import { splitKey, type RouteDef } from "../src/http/define.ts";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { forgetRoles } from "@xiangyu/core/auth/rolesCache";
import { bindMiniProgramUser } from "@xiangyu/core/clients/service";
import { addWeeksNow } from "@xiangyu/core/clients/ledger/ledger";
import { addDays } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";
import type { DataScope } from "@xiangyu/core/kernel/dataScope";
import { MENU } from "@xiangyu/core/platform/standardMenu";
import { FN_OF_MODULE } from "./menuFunctions.ts";
import { call, get, post, type Reply } from "./harness.ts";
import { orderWorld, monday, type World } from "./ordersHelpers.ts";
import { as, asAdmin, mobile, newClient, newProduct } from "./clientsHelpers.ts";
import { quickUser, roleEdit } from "./usersHelpers.ts";
import { editOf } from "./editForm.ts";
import { HotelInput } from "@xiangyu/core/hotels/schemas";
import { ClientInput } from "@xiangyu/core/clients/schemas";

/**
 * Data scope (issue 13), proven from the manifest. One tenant, three stores: 广州天河店 and
 * 深圳南山店 (both 华南分公司) and 上海浦东店 (华东分公司). Each store holds a hotel, a client with
 * an order, a store product and a staff user, all named with the store's word. Then:
 *
 * 1. Every GET route is called as the head office with the far store's ids in every id-like field
 *    (and once with none): a route that answers the far store's word reads department-scoped
 *    records, and must declare `scope: "department"` — a route added later without it fails here.
 * 2. Every route (GET and POST) is called the same way by a user of 广州天河店 holding every letter
 *    of every function: no reply may hold the far store's or the sister store's word, and no
 *    write may change an item of theirs. Routes that declare `scope: "tenant"` (the booking
 *    pickers' hotel catalogue) answer every store's records by design and are left out.
 * 3. Each scope kind lists, counts and reads what docs/decisions.md "Data scope" says it does.
 */
const ROUTES = (Object.keys(AREAS) as AreaName[]).flatMap((area) => Object.entries(AREAS[area].routes).map(([key, def]) => ({ area, key, def: def as RouteDef })));
const fieldsOf = (def: RouteDef): string[] => Object.keys((def.input as unknown as { entries?: object }).entries ?? {});
const ID_LIKE = /(id|ids)$/i;
const CODE_LIKE = /^(code|deptCode|deptCodes|shop|codes|orgCode)$/i;

function plausible(field: string): string | undefined {
  if (/date$|^day$|Date$|^inDate$/i.test(field)) return addDays(today(), 14);
  if (/^(month|yearMonth)$/i.test(field)) return addDays(today(), 14).slice(0, 7);
  if (/^year$/i.test(field)) return addDays(today(), 14).slice(0, 4);
  if (/^(hotelType|type|status|currentCtrl)$/i.test(field)) return "1";
  return undefined;
}

/** Routes that end the caller's own session, or act on the caller themself: not swept. */
const SKIP = new Set(["POST /gateway/oauth/logout", "POST /gateway/api/manage/users/changepassword"]);
const pathOf = (path: string, value: number) => path.replace(/\{\w+\+\}/g, `a/${value}`).replace(/\{\w+\}/g, String(value));

/** Every letter on every function of the menu: only the data scope stands between the caller and a record. */
const EVERYTHING = Object.fromEntries(MENU.filter((m) => m.path).map((m) => [String(m.id), "ADEPRS"]));

type Store = { name: string; code: string; word: string; hotelId: number; clientId: number; orderId: number; productId: number; userId: number };
let world: World;
const stores: Record<"near" | "sister" | "far", Store> = {} as never;

async function stock(name: string, word: string): Promise<Store> {
  const t = world.t;
  const code = t.depts.get(name)!.code;
  const hotel = await asAdmin(t, 1601).post("/xiangyu/api/hotel/hotelsave", { hotelType: 1, hotelName: `${word}酒店`, address: `${word}地址`, memberLevel: "1", shop: code });
  if (hotel.body.code !== "200") throw new Error(JSON.stringify(hotel.body));
  const client = await newClient(t, { clientName: `${word}客户`, status: 2, shop: code });
  await bindMiniProgramUser(t.clientId, client.id, `wx-${client.id}`);
  await addWeeksNow({ tenantId: t.clientId, clientId: client.id, productTypeId: world.weeksType.id }, { weeks: 5, shipDuration: "2030-12-31" });
  const start = monday(2);
  const order = await world.clubStay(client.id, start, addDays(start, 1));
  if (order.body.code !== "200") throw new Error(JSON.stringify(order.body));
  const product = await newProduct(t, { productName: `${word}套餐`, shop: code });
  const staff = await quickUser(t.clientId, { "2301": "R" }, { deptCodes: [code], realname: `${word}员工`, mobile: mobile() });
  return { name, code, word, hotelId: hotel.body.data.id, clientId: client.id, orderId: order.body.data.id, productId: product.product.id, userId: staff.user.id };
}

/** A user of `dept` holding every right, through one role of the given scope. */
async function scoped(dataScope: DataScope, dept: string) {
  const u = await quickUser(world.t.clientId, EVERYTHING, { deptCodes: [dept], dataScope });
  forgetRoles(world.t.clientId);
  return u;
}

/** A store's items as stored (test-only Scan): what a sweep's writes must leave alone. */
async function itemsOf(s: Store): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: process.env.XY_TABLE!,
        FilterExpression: "tenantId = :t AND (shop = :s OR contains(deptCodes, :s))",
        ExpressionAttributeValues: { ":t": world.t.clientId, ":s": s.code },
        ExclusiveStartKey,
      }),
    );
    // The occupancy roll-up is the tenant's, per store, written by whichever reader finds it stale (hotels/occupancyRollup.ts): not a store's record.
    for (const item of page.Items ?? []) if (item.__edb_e__ !== "hotelOccupancy") out.set(`${item.pk}|${item.sk}`, JSON.stringify(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

const idsOf = (s: Store) => [s.hotelId, s.clientId, s.orderId, s.productId, s.userId];

/** Calls each route bare, once with no ids and once per id of `target` in every id-like field (its code in code fields); returns who answered which word. */
async function sweep(token: string, routes: typeof ROUTES, target: Store, words: string[]): Promise<Array<{ key: string; value: number; word: string; status: number }>> {
  // -1: no fields at all (a list unfiltered); 0: the plausible fields only; then each of the target's ids.
  const jobs = routes.flatMap(({ key, def }) => [-1, 0, ...idsOf(target)].map((value) => ({ key, def, value })));
  const found: Array<{ key: string; value: number; word: string; status: number }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < jobs.length) {
        const { key, def, value } = jobs[next++]!;
        const { method, path } = splitKey(key);
        const fields: Record<string, string> = {};
        for (const f of value < 0 ? [] : fieldsOf(def)) {
          if (value && ID_LIKE.test(f)) fields[f] = String(value);
          else if (value && CODE_LIKE.test(f)) fields[f] = target.code;
          else if (plausible(f) !== undefined) fields[f] = plausible(f)!;
        }
        const functionId = def.access.auth === "function" ? FN_OF_MODULE.get(def.access.modules[0]!) : undefined;
        const url = pathOf(path, value > 0 ? value : 1);
        const r: Reply = method === "GET" ? await call("GET", url, { token, functionId, query: fields }) : await call("POST", url, { token, functionId, form: fields });
        const text = typeof r.body === "string" ? r.body : JSON.stringify(r.body);
        for (const word of words) if (text.includes(word)) found.push({ key, value, word, status: r.status });
        if (r.status >= 500) found.push({ key, value, word: `HTTP ${r.status}`, status: r.status });
      }
    }),
  );
  return found;
}

const swept = ROUTES.filter(({ key, def }) => def.access.auth !== "public" && !SKIP.has(key));

beforeAll(async () => {
  world = await orderWorld(5, { label: "" });
  stores.near = await stock("广州天河店", "天河标记");
  stores.sister = await stock("深圳南山店", "南山标记");
  stores.far = await stock("上海浦东店", "浦东标记");
}, 300_000);

/** What a caller lists and counts of the marked records, by route. */
async function seen(token: string) {
  const q = async (method: "GET" | "POST", path: string, functionId: number, query: Record<string, string | number> = {}) => {
    const r = method === "GET" ? await get(path, { token, functionId, query }) : await post(path, { token, functionId, form: query });
    expect(r.body.code, `${path}: ${JSON.stringify(r.body)}`).toBe("200");
    return r.body;
  };
  const words = (body: unknown) =>
    Object.values(stores)
      .filter((s) => JSON.stringify(body).includes(s.word))
      .map((s) => s.word);
  const clients = await q("GET", "/xiangyu/api/client/clientlist", 2001, { pageSize: 100 });
  const orders = await q("GET", "/xiangyu/api/order/manage/list", 1701, { pageSize: 100 });
  const hotels = await q("POST", "/xiangyu/api/hotel/hotellist", 1601, { pageSize: 100 });
  const users = await q("GET", "/gateway/api/manage/users/mgr/list", 2301, { pageSize: 100 });
  const products = await q("GET", "/xiangyu/api/hotel/product/list", 2201, { pageSize: 100 });
  return {
    clients: words(clients.dataList),
    clientTotal: clients.pageParams.maxCount,
    orders: words(orders.dataList),
    orderTotal: orders.pageParams.maxCount,
    hotels: words(hotels.dataList),
    users: words(users.dataList),
    products: words(products.dataList),
  };
}

describe("each scope kind", () => {
  const [N, S, F] = ["天河标记", "南山标记", "浦东标记"];

  it("all: the whole tenant, whatever the user's store", async () => {
    const u = await scoped("all", stores.near.code);
    const s = await seen(u.token);
    expect(s).toMatchObject({ clients: [N, S, F], orders: [N, S, F], hotels: [N, S, F], users: [N, S, F], products: [N, S, F] });
  });

  it("branch: every store of the user's branch, counted", async () => {
    const u = await scoped("branch", stores.near.code);
    const s = await seen(u.token);
    expect(s).toMatchObject({ clients: [N, S], orders: [N, S], hotels: [N, S], users: [N, S], products: [N, S], clientTotal: 2, orderTotal: 2 });
  });

  it("deptTree: the user's departments and below — at the branch, both its stores; at a store, that store", async () => {
    const branch = await scoped("deptTree", world.t.depts.get("华南分公司")!.code);
    expect(await seen(branch.token)).toMatchObject({ clients: [N, S], orders: [N, S], hotels: [N, S], users: [N, S], clientTotal: 2, orderTotal: 2 });
    const store = await scoped("deptTree", stores.near.code);
    expect(await seen(store.token)).toMatchObject({ clients: [N], orders: [N], hotels: [N], users: [N], products: [N], clientTotal: 1, orderTotal: 1 });
  });

  it("dept: the user's departments exactly — a branch user sees none of its stores' records, a store user its store's", async () => {
    const branch = await scoped("dept", world.t.depts.get("华南分公司")!.code);
    expect(await seen(branch.token)).toMatchObject({ clients: [], orders: [], hotels: [], users: [], products: [], clientTotal: 0, orderTotal: 0 });
    const store = await scoped("dept", stores.near.code);
    expect(await seen(store.token)).toMatchObject({ clients: [N], orders: [N], hotels: [N], users: [N], clientTotal: 1, orderTotal: 1 });
  });

  it("records outside the scope answer by id as the area answers today, and stay as they were", async () => {
    const u = await scoped("dept", stores.near.code);
    const client = await get("/xiangyu/api/client/clientview", { token: u.token, functionId: 2001, query: { id: stores.sister.clientId } });
    expect(client.body).toMatchObject({ code: "403", desc: "无效的客户信息" });
    const order = await get("/xiangyu/api/order/manage/view", { token: u.token, functionId: 1701, query: { orderId: stores.sister.orderId } });
    expect(order.body.code).toBe("404");
    const hotel = await get("/xiangyu/api/hotel/hotelview", { token: u.token, functionId: 1601, query: { id: stores.sister.hotelId } });
    expect(hotel.body).toMatchObject({ code: "403", desc: "你没有该部门的操作权限" });
    const before = await itemsOf(stores.sister);
    const del = await post("/xiangyu/api/client/clientdelete", { token: u.token, functionId: 2001, form: { ids: String(stores.sister.clientId) } });
    expect(del.body.code).not.toBe("200");
    // The whole record (hotelsave is a whole-record save), so the scope is what refuses it.
    const sisterHotel = (await asAdmin(world.t, 1601).get("/xiangyu/api/hotel/hotelview", { id: stores.sister.hotelId })).body.data;
    const save = await post("/xiangyu/api/hotel/hotelsave", {
      token: u.token,
      functionId: 1601,
      form: editOf(HotelInput, sisterHotel, { id: stores.sister.hotelId, hotelType: 1, hotelName: "改名", address: "x", memberLevel: "1", shop: stores.near.code }),
    });
    expect(save.body.code).not.toBe("200");
    expect(await itemsOf(stores.sister)).toEqual(before);
  });

  it("a user holding two roles gets the wider scope, and the branch-user list and products by id follow it", async () => {
    const narrow = await scoped("dept", stores.near.code);
    const wide = await scoped("branch", stores.near.code);
    const both = await quickUser(world.t.clientId, EVERYTHING, { deptCodes: [stores.near.code], roleIds: [...narrow.roleIds, ...wide.roleIds] });
    expect(await seen(both.token)).toMatchObject({ clients: [N, S], hotels: [N, S], clientTotal: 2 });
    const branchId = world.t.depts.get("华南分公司")!.branchId;
    const branchUsers = async (token: string) => {
      const r = await get("/gateway/api/manage/users/bmgr/list", { token, functionId: 2302, query: { branchId, pageSize: 100 } });
      expect(r.body.code, JSON.stringify(r.body)).toBe("200");
      return Object.values(stores)
        .filter((s) => JSON.stringify(r.body.dataList).includes(s.word))
        .map((s) => s.word);
    };
    expect(await branchUsers(wide.token)).toEqual([N, S]);
    expect(await branchUsers(narrow.token)).toEqual([N]);
    const product = async (token: string, id: number) => (await get("/xiangyu/api/hotel/product/view", { token, functionId: 2201, query: { id } })).body.code;
    expect(await product(wide.token, stores.sister.productId)).toBe("200");
    expect(await product(narrow.token, stores.sister.productId)).not.toBe("200");
    expect(await product(narrow.token, stores.near.productId)).toBe("200");
  });

  it("a role's scope changed in the role editor applies to its holders' next request", async () => {
    const u = await scoped("dept", stores.near.code);
    expect((await seen(u.token)).clients).toEqual([N]);
    const saved = await post("/gateway/api/manage/role/save", {
      token: world.t.adminToken,
      functionId: 2305,
      form: await roleEdit(world.t.adminToken, u.roleIds[0]!, { name: `范围${u.roleIds[0]}`, rights: JSON.stringify(EVERYTHING), dataScope: "branch" }),
    });
    expect(saved.body.code).toBe("200");
    expect((await seen(u.token)).clients).toEqual([N, S]);
  });
  // After the tests that count the stores' clients: the self user adds its own to 广州天河店.
  it("self: the user's own record; the clients and orders they created, wherever and however filtered, and nothing a colleague created", async () => {
    const me = await scoped("self", stores.near.code);
    const users = await get("/gateway/api/manage/users/mgr/list", { token: me.token, functionId: 2301, query: { pageSize: 100 } });
    expect(users.body.dataList.map((u: { id: number }) => u.id)).toEqual([me.user.id]);
    expect(users.body.pageParams.maxCount).toBe(1);
    const other = await get("/gateway/api/manage/users/view", { token: me.token, functionId: 2301, query: { id: stores.near.userId } });
    expect(other.body.code).not.toBe("200");
    // Hotels and products name no creator: the own store exactly. The stores' clients and orders were created by the administrator.
    expect(await seen(me.token)).toMatchObject({ clients: [], orders: [], clientTotal: 0, orderTotal: 0, hotels: [N], products: [N] });

    const mine = as(me.token, 2001);
    const saved = await mine.post("/xiangyu/api/client/clientsave", { clientName: "本人所建客户", mobile: mobile(), status: 2, shop: stores.near.code });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe("200");
    const clientId = saved.body.data.id as number;
    const spare = (await mine.post("/xiangyu/api/client/clientsave", { clientName: "本人备用客户", mobile: mobile(), status: 1, shop: stores.near.code })).body.data.id as number;
    await bindMiniProgramUser(world.t.clientId, clientId, `wx-${clientId}`);
    await addWeeksNow({ tenantId: world.t.clientId, clientId, productTypeId: world.weeksType.id }, { weeks: 5, shipDuration: "2030-12-31" });
    const start = monday(3);
    const booked = await world.book(
      { clientId, hotelId: world.clubHotel.id, roomId: world.clubHotel.roomId, hotelType: 1, checkInDate: start, checkOutDate: addDays(start, 1), roomCount: 1 },
      me.token,
    );
    expect(booked.body.code, JSON.stringify(booked.body)).toBe("200");
    const orderId = booked.body.data.id as number;

    const list = async (path: string, fn: number, query: Record<string, string | number> = {}) => {
      const r = await get(path, { token: me.token, functionId: fn, query: { pageSize: 100, ...query } });
      expect(r.body.code, JSON.stringify(r.body)).toBe("200");
      return { ids: r.body.dataList.map((x: { id: number; orderId?: number }) => x.orderId ?? x.id), total: r.body.pageParams.maxCount, capped: !!r.body.pageParams.totalCapped };
    };
    // Unfiltered: the creator's total (exact); filtered: the creator's keys counted.
    expect(await list("/xiangyu/api/client/clientlist", 2001)).toEqual({ ids: [spare, clientId], total: 2, capped: false });
    expect(await list("/xiangyu/api/client/clientlist", 2001, { status: 2 })).toEqual({ ids: [clientId], total: 1, capped: false });
    expect(await list("/xiangyu/api/client/memberlist", 2002)).toEqual({ ids: [clientId], total: 1, capped: false });
    expect(await list("/xiangyu/api/client/clientlist", 2001, { shop: stores.near.code })).toEqual({ ids: [spare, clientId], total: 2, capped: false });
    expect(await list("/xiangyu/api/client/clientlist", 2001, { keyword: "本人" })).toMatchObject({ ids: [spare, clientId], total: 2 });
    expect(await list("/xiangyu/api/client/clientlist", 2001, { keyword: "天河" })).toMatchObject({ ids: [], total: 0 });
    const finder = await get("/xiangyu/api/client/searchclient", { token: me.token, functionId: 2001, query: { keyword: "本人" } });
    expect(finder.body.dataList.map((x: { id: number }) => x.id)).toEqual([spare, clientId]);
    expect(await list("/xiangyu/api/order/manage/list", 1701)).toEqual({ ids: [orderId], total: 1, capped: false });
    expect(await list("/xiangyu/api/order/manage/list", 1701, { status: 1 })).toEqual({ ids: [orderId], total: 1, capped: false });
    expect(await list("/xiangyu/api/order/manage/list", 1701, { status: 6 })).toEqual({ ids: [], total: 0, capped: false });
    expect(await list("/xiangyu/api/order/manage/list", 1701, { keyword: String(stores.near.orderId) })).toMatchObject({ ids: [], total: 0 });
    expect(await list("/xiangyu/api/order/manage/list", 1701, { keyword: String(orderId) })).toMatchObject({ ids: [orderId], total: 1 });
    expect((await list("/xiangyu/api/order/reservationservice/list", 1704)).total).toBe(1);

    // By id: their own opens; a colleague's record of the same store answers as another store's does.
    expect((await get("/xiangyu/api/client/clientview", { token: me.token, functionId: 2001, query: { id: clientId } })).body.code).toBe("200");
    expect((await get("/xiangyu/api/client/clientview", { token: me.token, functionId: 2001, query: { id: stores.near.clientId } })).body).toMatchObject({
      code: "403",
      desc: "无效的客户信息",
    });
    expect((await get("/xiangyu/api/order/manage/view", { token: me.token, functionId: 1701, query: { orderId } })).body.code).toBe("200");
    expect((await get("/xiangyu/api/order/manage/view", { token: me.token, functionId: 1701, query: { orderId: stores.near.orderId } })).body.code).toBe("404");
    const colleague = async () => [...(await itemsOf(stores.near)).entries()].filter(([, v]) => v.includes(`${N}客户`));
    const before = await colleague();
    expect((await mine.post("/xiangyu/api/client/clientdelete", { ids: String(stores.near.clientId) })).body.code).not.toBe("200");
    // The whole record (clientsave is a whole-record save), so the scope is what refuses it.
    const colleagueClient = (await asAdmin(world.t, 2001).get("/xiangyu/api/client/clientview", { id: stores.near.clientId })).body.data;
    expect(
      (
        await mine.post(
          "/xiangyu/api/client/clientsave",
          editOf(ClientInput, colleagueClient, { id: stores.near.clientId, clientName: "改名", mobile: mobile(), status: 2, shop: stores.near.code }),
        )
      ).body.code,
    ).not.toBe("200");
    expect((await world.handle(stores.near.orderId, 1, 1, me.token)).body.code).not.toBe("200");
    expect(await colleague()).toEqual(before);

    // A status move keeps the creator's key in step; a delete takes the client out of the creator's total.
    expect((await world.handle(orderId, 1, 1, me.token)).body.code).toBe("200");
    expect(await list("/xiangyu/api/order/manage/list", 1701, { status: 4 })).toEqual({ ids: [orderId], total: 1, capped: false });
    expect((await mine.post("/xiangyu/api/client/clientdelete", { ids: String(spare) })).body.code).toBe("200");
    expect(await list("/xiangyu/api/client/clientlist", 2001)).toEqual({ ids: [clientId], total: 1, capped: false });

    // Another self user of the same store sees none of it; the head office sees it with the rest.
    const peer = await scoped("self", stores.near.code);
    expect(await seen(peer.token)).toMatchObject({ clients: [], orders: [], clientTotal: 0, orderTotal: 0 });
    const head = await get("/xiangyu/api/client/clientview", { token: world.t.adminToken, functionId: 2001, query: { id: clientId } });
    expect(head.body.data.createUserId).toBe(me.user.id);
  });
});

// Last: the sweep's writes act on the near store's own records whose ids the far store's happen to share.
describe("routes declare the department scope they read (generated from the manifest)", () => {
  it("every GET route that answers a store's records to the head office declares scope: department", async () => {
    const gets = swept.filter(({ key }) => splitKey(key).method === "GET");
    const found = await sweep(world.t.adminToken, gets, stores.far, [stores.far.word]);
    expect(found.filter((f) => f.word.startsWith("HTTP"))).toEqual([]);
    const reading = [...new Set(found.map((f) => f.key))].sort();
    // The sweep sees the store's records where they are (so a leak below could be seen at all).
    expect(reading).toEqual(
      expect.arrayContaining([
        "GET /xiangyu/api/client/clientlist",
        "GET /xiangyu/api/client/clientview",
        "GET /xiangyu/api/hotel/hotelview",
        "GET /xiangyu/api/order/manage/list",
        "GET /xiangyu/api/order/manage/view",
        "GET /xiangyu/api/hotel/product/list",
        "GET /gateway/api/manage/users/mgr/list",
      ]),
    );
    const undeclared = reading.filter((key) => !ROUTES.find((r) => r.key === key)!.def.scope);
    expect(undeclared, `routes answering department-scoped records without declaring scope (of ${reading.join(", ")})`).toEqual([]);
  }, 600_000);

  it("a user of 广州天河店 holding every right sees, counts, reads and writes nothing of another store through any route", async () => {
    const near = await scoped("deptTree", stores.near.code);
    const before = [await itemsOf(stores.far), await itemsOf(stores.sister)];
    const scopedRoutes = swept.filter(({ def }) => def.scope !== "tenant");
    const leaks = [
      ...(await sweep(near.token, scopedRoutes, stores.far, [stores.far.word, stores.sister.word])),
      ...(await sweep(near.token, scopedRoutes, stores.sister, [stores.far.word, stores.sister.word])),
    ];
    expect(leaks).toEqual([]);
    expect([await itemsOf(stores.far), await itemsOf(stores.sister)]).toEqual(before);
    // The same user does see its own store: the sweep's words would show.
    const own = await get("/xiangyu/api/client/clientlist", { token: near.token, functionId: 2001 });
    expect(JSON.stringify(own.body)).toContain(stores.near.word);
  }, 900_000);

  it('an "only self" user of 广州天河店 holding every right sees, reads and writes nothing of a colleague\'s client or order in the same store, nor of another store', async () => {
    const me = await scoped("self", stores.near.code);
    const colleague = `${stores.near.word}客户`;
    const theirs = async () => [...(await itemsOf(stores.near)).entries()].filter(([, v]) => v.includes(colleague));
    const before = [await theirs(), await itemsOf(stores.far), await itemsOf(stores.sister)];
    const scopedRoutes = swept.filter(({ def }) => def.scope !== "tenant");
    const leaks = [
      ...(await sweep(me.token, scopedRoutes, stores.near, [colleague, stores.far.word, stores.sister.word])),
      ...(await sweep(me.token, scopedRoutes, stores.far, [colleague, stores.far.word, stores.sister.word])),
    ];
    expect(leaks).toEqual([]);
    expect([await theirs(), await itemsOf(stores.far), await itemsOf(stores.sister)]).toEqual(before);
  }, 900_000);
});
