import { describe, it, expect, beforeAll } from "vitest";
import { forgetRoles } from "@xiangyu/core/auth/rolesCache";
import { bindMiniProgramUser } from "@xiangyu/core/clients/service";
import { addWeeksNow } from "@xiangyu/core/clients/ledger/ledger";
import { addDays } from "@xiangyu/core/hotels/nights";
import { get } from "./harness.ts";
import { orderWorld, monday, type World } from "./ordersHelpers.ts";
import { as, mobile } from "./clientsHelpers.ts";
import { quickUser } from "./usersHelpers.ts";

/**
 * "Only self" keeps a creator's key and total beside each client and order (docs/decisions.md
 * "Data scope"). The totals are counters moved in the record's transaction: many writes of one
 * creator at once must leave them exact.
 */
let world: World;
let me: Awaited<ReturnType<typeof quickUser>>;
let shop: string;

beforeAll(async () => {
  world = await orderWorld(30, { label: "" });
  shop = world.t.depts.get("广州天河店")!.code;
  me = await quickUser(world.t.clientId, { "2001": "ADEPRS", "2002": "ADEPRS", "1701": "ADEPRS", "1704": "ADEPRS" }, { deptCodes: [shop], dataScope: "self" });
  forgetRoles(world.t.clientId);
}, 120_000);

const listOf = async (path: string, fn: number, query: Record<string, string | number> = {}) => {
  const r = await get(path, { token: me.token, functionId: fn, query: { pageSize: 100, ...query } });
  expect(r.body.code, JSON.stringify(r.body)).toBe("200");
  return { n: r.body.dataList.length as number, total: r.body.pageParams.maxCount as number };
};

describe("only self: the creator's totals", () => {
  it("20 clients created at once and 10 deleted twice at once leave the creator's total exact", async () => {
    const mine = as(me.token, 2001);
    const saved = await Promise.all(
      Array.from({ length: 20 }, (_, i) => mine.post("/xiangyu/api/client/clientsave", { clientName: `本人${i}`, mobile: mobile(), status: 1, shop })),
    );
    expect(saved.map((r) => r.body.code)).toEqual(Array(20).fill("200"));
    expect(await listOf("/xiangyu/api/client/clientlist", 2001)).toEqual({ n: 20, total: 20 });
    const gone = saved.slice(0, 10).map((r) => String(r.body.data.id));
    const deletes = await Promise.all([...gone, ...gone].map((id) => mine.post("/xiangyu/api/client/clientdelete", { ids: id })));
    expect(deletes.filter((r) => r.body.code === "200").length).toBe(10);
    expect(await listOf("/xiangyu/api/client/clientlist", 2001)).toEqual({ n: 10, total: 10 });
  }, 120_000);

  it("20 bookings placed at once by the same creator are all in the creator's order and proxy totals", async () => {
    const c = (await as(me.token, 2001).post("/xiangyu/api/client/clientsave", { clientName: "本人订房", mobile: mobile(), status: 2, shop })).body.data.id as number;
    await bindMiniProgramUser(world.t.clientId, c, `wx-${c}`);
    await addWeeksNow({ tenantId: world.t.clientId, clientId: c, productTypeId: world.weeksType.id }, { weeks: 30, shipDuration: "2030-12-31" });
    const start = monday(2);
    const booked = await Promise.all(
      Array.from({ length: 20 }, () =>
        world.book(
          { clientId: c, hotelId: world.clubHotel.id, roomId: world.clubHotel.roomId, hotelType: 1, checkInDate: start, checkOutDate: addDays(start, 1), roomCount: 1 },
          me.token,
        ),
      ),
    );
    const ok = booked.filter((r) => r.body.code === "200").length;
    expect(ok).toBeGreaterThan(0);
    expect(await listOf("/xiangyu/api/order/manage/list", 1701)).toEqual({ n: ok, total: ok });
    expect(await listOf("/xiangyu/api/order/reservationservice/list", 1704)).toEqual({ n: ok, total: ok });
    expect(await listOf("/xiangyu/api/order/manage/list", 1701, { status: 1 })).toEqual({ n: ok, total: ok });
  }, 120_000);
});
