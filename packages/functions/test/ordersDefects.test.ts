import { beforeAll, describe, expect, it } from "vitest";
import { orderWorld, monday, type World } from "./ordersHelpers.ts";
import { addDays } from "@xiangyu/core/hotels/nights";
import { setClockOffset } from "@xiangyu/core/kernel/clock";
import { settleDueRefunds, SANDBOX_DELAY_MS } from "@xiangyu/core/orders/payments";

/**
 * Two defects of the first orders screens (issue 12): the booking wizard's first step counted only
 * general vouchers while the payment step counted the hotel's bound ones too, and the detail panel
 * called the settlement of a rejected order's refund 申请退订.
 */
let w: World;
beforeAll(async () => {
  w = await orderWorld();
});

const far = "2030-12-31";

describe("the member store of the booking wizard", () => {
  it("counts hotel-bound vouchers in step 1 as step 3 does at their hotel, and says how many are bound", async () => {
    const c = await w.member({
      vouchers: [
        { ticketCount: 2, ticketDuration: far, useScope: 3 },
        { ticketCount: 3, ticketDuration: far, useScope: 3, bindingHotelIds: [w.discountHotel.id] },
        { ticketCount: 4, ticketDuration: far, useScope: 2, bindingHotelIds: [w.discountHotel.id + 1000] },
      ],
    });
    const admin = w.admin();
    // Step 1: the client only (no hotel chosen yet).
    const step1 = (await admin.get("/xiangyu/api/client/memberstore", { clientId: c.id })).body.data;
    // Step 3: the hotel and the stay.
    const checkInDate = monday(2);
    const step3 = (await admin.get("/xiangyu/api/client/memberstore", { clientId: c.id, hotelId: w.discountHotel.id, checkInDate, checkOutDate: addDays(checkInDate, 2) })).body
      .data;
    expect(step3.ticketClassCount).toMatchObject({ total: 5, allday: 5 });
    expect(step1.ticketClassCount).toMatchObject({ total: 9, allday: 5, allend: 4 });
    expect(step1.hotelBound).toBe(7);
    // What step 3 offers at the chosen hotel is never more than step 1 said, class by class.
    for (const [cls, n] of Object.entries(step3.ticketClassCount)) expect(step1.ticketClassCount[cls]).toBeGreaterThanOrEqual(n as number);
    expect(step3.hotelBound).toBe(0);
  });
});

describe("the order's timeline", () => {
  it("names a rejected order's refund as a refund, in time order, and shows no refund request", async () => {
    const c = await w.member();
    const d = monday(3);
    const placed = await w.discountStay(c.id, d, addDays(d, 1), 1, { totalPrice: 300 });
    expect(placed.body.code).toBe("200");
    const id = placed.body.data.id;
    expect((await w.handle(id, 1, 2)).body.desc).toBe("办理成功");
    setClockOffset(SANDBOX_DELAY_MS + 1000);
    try {
      expect(await settleDueRefunds()).toBeGreaterThanOrEqual(1);
    } finally {
      setClockOffset(0);
    }
    const view = (await w.view(id)).data;
    expect(view.status).toBe(8);
    expect(view.refundDetail.status).toBeGreaterThan(0);
    // Nobody asked for this refund: it follows the rejection.
    expect(view.refundTime).toBe("");
    const actions = view.timeline.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 2)).toEqual(["下单", "审核不通过"]);
    expect(actions[2]).toMatch(/^退款(成功|失败)$/);
    expect(actions).not.toContain("申请退订");
    const times = view.timeline.map((e: { time: string }) => e.time);
    expect(times).toEqual([...times].sort());
  });
});
