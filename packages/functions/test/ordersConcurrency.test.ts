import { beforeAll, describe, expect, it } from "vitest";
import { orderWorld, monday, type World } from "./ordersHelpers.ts";
import { addDays } from "@xiangyu/core/hotels/nights";
import { MembershipAccount } from "@xiangyu/core/clients/ledger/entities";
import { MSG } from "@xiangyu/core/orders/booking";

/**
 * Two staff booking the last room, or the last weeks of a client, at the same moment: exactly
 * the covered number succeed, the others get a clear message, nothing goes below zero.
 */
let w: World;
const mon = monday(3);

beforeAll(async () => {
  w = await orderWorld(3);
});

describe("simultaneous bookings", () => {
  it("20 bookings for the last 3 rooms: exactly 3 succeed, no night oversold", async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => w.member()));
    const replies = await Promise.all(clients.map((c) => w.discountStay(c.id, mon, addDays(mon, 2))));
    const ok = replies.filter((r) => r.body.code === "200");
    expect(ok).toHaveLength(3);
    for (const r of replies.filter((x) => x.body.code !== "200")) expect(r.body.desc).toMatch(/剩余客房不足|操作冲突，请重试/);
    expect(await w.free(w.discountHotel.id, w.discountHotel.roomId, mon, addDays(mon, 2))).toEqual([0, 0]);
    const listed = (await w.admin().get("/xiangyu/api/order/manage/list", { checkinType: "discount", pageSize: 100 })).body;
    expect(listed.pageParams.maxCount).toBe(3);
  });

  it("20 bookings at a client's last week: exactly the nights it covers are booked, never below zero", async () => {
    const big = await orderWorld(50);
    // One week = 5 weekday + 2 weekend nights; each booking takes one weekday night (Monday to Thursday of five weeks).
    const c = await big.member({ weeks: 1 });
    const start = monday(1);
    const nights = Array.from({ length: 20 }, (_, i) => addDays(start, Math.floor(i / 4) * 7 + (i % 4)));
    const replies = await Promise.all(nights.map((n) => big.clubStay(c.id, n, addDays(n, 1))));
    const ok = replies.filter((r) => r.body.code === "200");
    expect(ok).toHaveLength(5);
    for (const r of replies.filter((x) => x.body.code !== "200")) expect(r.body.desc).toMatch(new RegExp(`${MSG.weeksShort}|操作冲突，请重试`));
    const { data } = await MembershipAccount.query.byClient({ tenantId: big.t.clientId, clientId: c.id }).go();
    const a = data[0]!;
    expect(a).toMatchObject({ remainingCount: 0, remainingFirstHaltCount: 0, usedFirstHaltCount: 5, remainingSecondHaltCount: 2 });
    for (const k of ["remainingCount", "remainingFirstHaltCount", "remainingSecondHaltCount", "usedCount"] as const) expect(a[k] ?? 0).toBeGreaterThanOrEqual(0);
  });
});
