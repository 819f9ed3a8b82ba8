import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { get, memberToken, testTenant } from "./harness.ts";
import { FN, ORDERS, monday, orderWorld, type World } from "./ordersHelpers.ts";
import { as } from "./clientsHelpers.ts";
import { booking, crowdOf, memberOf, mpGet, mpPost, type Form, type TestMember } from "./memberOrdersHelpers.ts";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { Tenant } from "@xiangyu/core/platform/entities";
import { PLATFORM_COUNTERS } from "@xiangyu/core/platform/operator";
import { nextIds } from "@xiangyu/core/kernel/counters";
import { MembershipAccount } from "@xiangyu/core/clients/ledger/entities";
import { readVoucherBatches } from "@xiangyu/core/vouchers/ledger/ledger";
import { addDays, dayOfWeek } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";
import { MSG } from "@xiangyu/core/orders/booking";
import { MEMBER_MSG } from "@xiangyu/core/orders/memberRules";

/**
 * The mini-program member's hotel booking (issue 34): search, one hotel, placing an order with the
 * staff's booking rules, my orders, one order, cancelling. A member reaches only their own tenant and
 * their own client's orders; staff and member tokens never open each other's routes. (Paying an
 * order, its deadline and the member's messages: memberPay.test.ts.)
 *
 * Everything the tests read is made once, at once, before them (the world's hotels, the search's
 * extra hotels, another tenant's member, every member a test uses): each test takes its own members
 * and dates, so none sees another's orders.
 */
type TestTenant = Awaited<ReturnType<typeof testTenant>>;
type Hotel = { id: number; roomId: number };

let w: World;
const mon = monday(2);
const wed = addDays(mon, 2);
/** The race for the last rooms books its own hotel on its own dates (no status on the search's nights, so the search never lists it). */
const raceIn = addDays(mon, 28);

/** The search's hotels besides the world's two, and the race's. */
let extra: { short: Hotel; closed: Hotel; sz: Hotel; fillers: Hotel[]; race: Hotel };
/** Another tenant's member. */
let stranger: string;
/** Each test's members. */
let m: Record<"plain" | "placer" | "vouchered" | "oneWeek" | "unbound" | "a" | "b", TestMember>;
let crowd: TestMember[];

const search = (token: string, query: Form) => mpGet("hotels", token, { currentPage: 1, pageSize: 20, ...query });
/** Bookings Monday to Wednesday in the world's hotels (bound once the world exists). */
let stay: ReturnType<typeof booking>;

/**
 * The search's discount hotels besides the world's two, and the race's: each one room with a status
 * (200 a night) on the nights the tests read. Those the search does not list for Monday to Wednesday
 * are saved first, then those it does, so the newest hotels are bookable and a first page of one row
 * finds its row and one more among the first hotels it reads and stops there (memberSearch.ts), as
 * the paging assertions expect. The short hotel has a status on Monday only, the closed one is not
 * displayed, the race's has 3 rooms on its own nights only.
 */
/** Saving a discount hotel and giving it a room with status (two rooms a night at 200) from `from` for `days` nights. */
function hotelMaker(t: TestTenant) {
  const admin = (fid: number) => as(t.adminToken, fid);
  const save = async (hotelName: string, fields: Form = {}): Promise<number> =>
    (await admin(FN.discountHotels).post("/xiangyu/api/hotel/hotelsave", { hotelType: 2, hotelName, address: `${hotelName}地址`, memberLevel: "1", ...fields })).body.data.id;
  const withRoom = async (id: number, from: string, days: number, rooms = 2): Promise<Hotel> => {
    const r = await admin(FN.discountHotels).post("/xiangyu/api/hotel/roomsave", { hotelId: id, roomName: "标准间" });
    const statusList = Array.from({ length: days }, (_, i) => ({ inDate: addDays(from, i), roomCount: rooms, inPrice: 200 }));
    const s = await admin(1604).post("/xiangyu/api/hotel/roomstatussave", { id: r.body.data.id, statusList: JSON.stringify(statusList) });
    if (s.body.code !== "200") throw new Error(JSON.stringify(s.body));
    return { id, roomId: r.body.data.id as number };
  };
  return { admin, save, withRoom };
}

async function extraHotels(t: TestTenant) {
  const { admin, save, withRoom } = hotelMaker(t);
  const [shortId, closedId, raceId] = await Promise.all([save("短期房态酒店"), save("停用酒店"), save("抢房酒店")]);
  const [szId, ...fillerIds] = await Promise.all([save("深圳湾酒店", { province: "440000", city: "440300" }), ...[1, 2, 3].map((i) => save(`备选酒店${i}`))]);
  const [[short, closed, race, sz, ...fillers]] = await Promise.all([
    Promise.all([
      withRoom(shortId!, mon, 1),
      withRoom(closedId!, mon, 2),
      withRoom(raceId!, raceIn, 2, 3),
      withRoom(szId!, mon, 2),
      ...fillerIds.map((id) => withRoom(id, mon, 2)),
    ]),
    admin(FN.discountHotels).post("/xiangyu/api/hotel/hotelpassed", { id: closedId }),
  ]);
  return { short: short!, closed: closed!, race: race!, sz: sz!, fillers };
}

/** A member of another tenant: an open tenant (all a member route asks of it) with a mobile user of its own. */
async function strangerToken(): Promise<string> {
  const other = `t${randomBytes(4).toString("hex")}`;
  await Tenant.create({ id: await nextIds(PLATFORM_COUNTERS, "tenant", 1), clientId: other, clientSecret: `${other}-secret`, idisplay: 1 }).go();
  const [mu] = await registerMobileUsers(other, [{ userId: "wx-other", realname: "外人" }]);
  return memberToken(other, mu!);
}

let tenant: TestTenant;

beforeAll(async () => {
  let t: TestTenant;
  [t, stranger] = await Promise.all([testTenant(), strangerToken()]);
  [w, extra, crowd] = await Promise.all([orderWorld(5, { tenant: t }), extraHotels(t), crowdOf(t, 20, 13600000000)]);
  tenant = t;
  stay = booking(w, mon, wed);
  const voucher = (ticketCount: number) => [{ ticketCount, ticketDuration: "2030-12-31", priceType: 1, useScope: 3 }];
  // plain holds nothing and never books (the search, the refusal without weeks, the 401s); oneWeek is refused
  // without booking anything (asserted), then races its one week.
  const named = {
    plain: {},
    placer: { weeks: 2, vouchers: voucher(1) },
    vouchered: { vouchers: voucher(2) },
    oneWeek: { weeks: 1 },
    unbound: { bound: false },
    a: { weeks: 3 },
    b: { weeks: 3 },
  } as const;
  const made = await Promise.all(Object.entries(named).map(async ([k, o]) => [k, await memberOf(w, o)] as const));
  m = Object.fromEntries(made) as typeof m;
});

describe("finding a hotel (GET mp/hotels, GET mp/hotel)", () => {
  it("lists displayed hotels free every night with their lowest price, filtered by keyword, type and region; one hotel with its rooms' nights", async () => {
    const { short, closed, sz, fillers } = extra;
    const token = m.plain.token;
    const q = (more: Form = {}) => search(token, { checkInDate: mon, checkOutDate: wed, ...more });
    const [all, oneNight, byKeyword, byArea, byType] = await Promise.all([
      q(),
      search(token, { checkInDate: mon, checkOutDate: addDays(mon, 1) }),
      q({ keyword: "深圳" }),
      q({ areaCode: "440300" }),
      q({ hotelType: 1 }),
    ]);
    const rows = all.body.dataList as any[];
    // The hotel list's order: sortOrder, then newest first. The short hotel has no status on Tuesday, the closed one is not displayed.
    const expected = [w.clubHotel.id, w.discountHotel.id, sz.id, ...fillers.map((f) => f.id)].sort((x, y) => y - x);
    expect(rows.map((h) => h.id)).toEqual(expected);
    expect(rows.map((h) => h.hotelName)).toEqual(expect.arrayContaining(["会员度假酒店", "折扣商务酒店", "深圳湾酒店", "备选酒店1", "备选酒店3"]));
    expect([all.body.pageParams.maxCount, all.body.pageParams.totalCapped]).toEqual([6, undefined]);
    // Monday and Tuesday nights at 300.
    expect(rows.find((h) => h.id === w.discountHotel.id)).toMatchObject({ lowestPrice: 300, lowestStayPrice: 600, freeCount: 5, payWith: ["money", "vouchers"], useTicket: 1 });
    expect(rows.find((h) => h.id === w.clubHotel.id)).toMatchObject({ lowestPrice: 0, payWith: ["weeks"] });
    // One night only on the short hotel's last stored day: there it is.
    expect(oneNight.body.dataList.map((h: any) => h.id)).toContain(short.id);
    expect(oneNight.body.dataList.map((h: any) => h.id)).not.toContain(closed.id);
    expect(byKeyword.body.dataList.map((h: any) => h.id)).toEqual([sz.id]);
    expect(byArea.body.dataList.map((h: any) => h.id)).toEqual([sz.id]);
    expect(byType.body.dataList.map((h: any) => h.id)).toEqual([w.clubHotel.id]);

    const page = async (n: number) => (await q({ pageSize: 1, currentPage: n })).body;
    const p1 = await page(1);
    const p2 = await page(2);
    // Page 1 stops once it found its hotel and one more: the total is what it found, marked capped (there are more).
    expect([p1.dataList[0].id, p1.pageParams.totalCapped, p1.pageParams.maxCount >= 2]).toEqual([expected[0], true, true]);
    // Page 2 goes on from where page 1 stopped (remembered in the container).
    expect(p2.dataList.map((h: any) => h.id)).toEqual([expected[1]]);
    const p6 = await page(6);
    const p7 = await page(7);
    expect([p6.dataList.map((h: any) => h.id), p6.pageParams.maxCount, p6.pageParams.totalCapped]).toEqual([[expected[5]], 6, undefined]);
    expect(p7.dataList).toEqual([]);

    const refusals = [
      [{ checkInDate: addDays(today(), -1), checkOutDate: wed }, MSG.pastDate],
      [{ checkInDate: wed, checkOutDate: mon }, "离店日期必须晚于入住日期"],
      [{ checkInDate: mon, checkOutDate: addDays(mon, 31) }, MSG.tooLong],
      [{ checkOutDate: wed }, MSG.datesRequired],
      [{ checkInDate: mon, checkOutDate: wed, areaCode: "44x" }, "地区编码不正确"],
      [{ checkInDate: mon, checkOutDate: wed, hotelType: 3 }, "酒店类型不正确"],
    ] as const;
    const refused = await Promise.all(refusals.map(([query]) => search(token, query)));
    expect(refused.map((r) => r.body.desc)).toEqual(refusals.map(([, desc]) => desc));

    const hotel = (query: Form) => mpGet("hotel", token, query);
    const [one, gone, none, noId, past] = await Promise.all([
      hotel({ id: w.discountHotel.id, checkInDate: mon, checkOutDate: wed }),
      hotel({ id: closed.id, checkInDate: mon, checkOutDate: wed }),
      hotel({ id: 999999, checkInDate: mon, checkOutDate: wed }),
      hotel({ checkInDate: mon, checkOutDate: wed }),
      hotel({ id: sz.id, checkInDate: addDays(today(), -1), checkOutDate: wed }),
    ]);
    expect(one.body.data).toMatchObject({
      id: w.discountHotel.id,
      hotelName: "折扣商务酒店",
      address: "折扣商务酒店地址",
      content: "",
      weekdayNights: 2,
      payWith: ["money", "vouchers"],
    });
    expect(one.body.data.rooms).toEqual([
      expect.objectContaining({
        id: w.discountHotel.roomId,
        freeCount: 5,
        totalPrice: 600,
        nights: [expect.objectContaining({ inDate: mon, inPrice: 300, freeCount: 5 }), expect.objectContaining({ inDate: addDays(mon, 1), inPrice: 300 })],
      }),
    ]);
    expect(one.body.data.shop).toBeUndefined();
    for (const r of [gone, none]) expect(r.body).toMatchObject({ code: "404", desc: MEMBER_MSG.hotelGone });
    expect(noId.body.desc).toBe("酒店不能为空");
    expect(past.body.desc).toBe(MSG.pastDate);

    // A disabled room is not offered: the hotel shows no room, and the search no longer finds it.
    await w.admin(FN.discountHotels).post("/xiangyu/api/hotel/roompassed", { id: sz.roomId });
    const [szHotel, szSearch] = await Promise.all([hotel({ id: sz.id, checkInDate: mon, checkOutDate: wed }), q({ keyword: "深圳" })]);
    expect(szHotel.body.data.rooms).toEqual([]);
    expect(szSearch.body.dataList).toEqual([]);
  });

  it("pages a keyword search through every match once, in the list's order, however the pages are cut", async () => {
    // More matches than one round wants: a keyword read stops after the hotels it keeps and goes on from the last one.
    const { save, withRoom } = hotelMaker(tenant);
    const ids = await Promise.all(Array.from({ length: 9 }, (_, i) => save(`连号酒店${i + 1}`)));
    await Promise.all(ids.map((id) => withRoom(id, mon, 2)));
    const token = m.plain.token;
    const all = (await search(token, { checkInDate: mon, checkOutDate: wed, keyword: "连号" })).body;
    expect(all.pageParams.maxCount).toBe(9);
    const order = (all.dataList as { id: number }[]).map((h) => h.id);
    expect([...order].sort()).toEqual([...ids].sort());
    for (const pageSize of [1, 2, 4]) {
      const seen: number[] = [];
      for (let currentPage = 1; seen.length < 9 && currentPage <= 9; currentPage++) {
        const r = (await search(token, { checkInDate: mon, checkOutDate: wed, keyword: "连号", pageSize, currentPage })).body;
        seen.push(...(r.dataList as { id: number }[]).map((h) => h.id));
      }
      expect(seen, `pageSize ${pageSize}`).toEqual(order);
    }
  });

  it("shows another tenant's member nothing of this tenant", async () => {
    const [found, hotel, orders] = await Promise.all([
      search(stranger, { checkInDate: mon, checkOutDate: wed }),
      mpGet("hotel", stranger, { id: w.discountHotel.id, checkInDate: mon, checkOutDate: wed }),
      mpGet("orders", stranger, {}),
    ]);
    expect(found.body.dataList).toEqual([]);
    expect(hotel.body.code).toBe("404");
    expect(orders.body.dataList).toEqual([]);
  });
});

describe("placing an order (POST mp/order/create)", () => {
  it("books a club hotel with weeks and a discount hotel with money or vouchers, under the staff's rules; the staff lists show it", async () => {
    const listed = async (checkinType: string) => (await w.admin().get(`${ORDERS}/list`, { checkinType, pageSize: 100 })).body.pageParams.maxCount;
    const [clubBefore, discountBefore] = await Promise.all([listed("club"), listed("discount")]);
    const { token, clientId } = m.placer;

    const weeks = await stay.club(token, { occupants: JSON.stringify([{ name: "张三", mobile: "13800138000" }]) });
    expect([weeks.body.code, weeks.body.desc]).toEqual(["200", MSG.success]);
    expect(weeks.body.data).toMatchObject({
      status: 1,
      payType: 2,
      price: 0,
      deductionWeeks: 0,
      weekstartCount: 2,
      checkinDays: 2,
      cancel: "cancel",
      occupants: [{ name: "张三", mobile: "13800138000" }],
    });
    const account = (await MembershipAccount.query.byClient({ tenantId: w.t.clientId, clientId }).go()).data[0]!;
    // Two weekday nights out of two weeks: one whole week left and three loose weekday nights (clients/ledger).
    expect([account.remainingCount, account.remainingFirstHaltCount]).toEqual([1, 3]);

    const money = await stay.discount(token);
    expect(money.body.data).toMatchObject({ status: 3, statusName: "待支付", awaitingPayment: true, payType: 1, price: 600, payTime: "", cancel: "cancel" });
    expect(money.body.data.outTradeNo).toMatch(/^XY\d{16}$/);
    expect(money.body.data.payDeadline).not.toBe("");

    const vouchers = await stay.discount(token, { payWith: "vouchers", checkInDate: addDays(mon, 7), checkOutDate: addDays(mon, 9) });
    expect(vouchers.body.data).toMatchObject({ status: 3, ticketCount: 1, price: 300, fullPrice: 600, discountPrice: 300 });
    expect((await readVoucherBatches({ tenantId: w.t.clientId, clientId }))[0]!.usedCount).toBe(1);
    expect((await stay.discount(token, { payWith: "vouchers" })).body.desc).toBe(MEMBER_MSG.noVouchers);

    expect(await Promise.all([listed("club"), listed("discount")])).toEqual([clubBefore + 1, discountBefore + 2]);
    const staffView = (await w.view(money.body.data.id)).data;
    expect(staffView).toMatchObject({ clientId, status: 3, rsId: 0, price: 600 });
    expect(staffView.timeline[0]).toMatchObject({ action: "下单", toStatus: 3 });
  });

  it("pays a stay wholly covered by vouchers nothing: awaiting review like a staff order", async () => {
    const r = await stay.discount(m.vouchered.token, { payWith: "vouchers", checkInDate: addDays(mon, 14), checkOutDate: addDays(mon, 16) });
    expect(r.body.data).toMatchObject({ status: 1, price: 0, ticketCount: 2, awaitingPayment: false, payDeadline: "" });
  });

  it("refuses with the staff's messages and the member's own", async () => {
    const { oneWeek: r, unbound, plain: noWeeks } = m;
    const cases: Array<[string, Form, string]> = [
      [unbound.token, {}, MEMBER_MSG.notBound],
      [r.token, { payWith: "" }, MEMBER_MSG.payWithRequired],
      [r.token, { payWith: "points" }, MEMBER_MSG.payWithBad],
      [r.token, { payWith: "money" }, MEMBER_MSG.clubWeeksOnly],
      [r.token, { checkInDate: addDays(today(), -1) }, MSG.pastDate],
      [r.token, { checkOutDate: mon }, MSG.outAfterIn],
      [r.token, { roomCount: 6 }, `${mon} 剩余客房不足`],
      [r.token, { roomCount: 21 }, "预订客房数不能超过20间"],
      [r.token, { roomId: w.discountHotel.roomId }, MSG.roomRequired],
      [r.token, { hotelId: 999999 }, "酒店不存在或已被删除"],
      [r.token, { occupants: JSON.stringify([{ name: "张三", mobile: "123" }]) }, "入住人手机号不正确"],
      [r.token, { checkOutDate: addDays(mon, 14) }, MSG.weeksShort],
      [noWeeks.token, {}, MSG.noMembership],
    ];
    // Every refusal leaves the stores as they were, so they may run at once.
    const replies = await Promise.all(cases.map(([token, form]) => stay.club(token, form)));
    replies.forEach((reply, i) => expect(reply.body.desc, JSON.stringify(cases[i]![1])).toBe(cases[i]![2]));
    const closedForm = { hotelId: extra.closed.id, roomId: extra.closed.roomId, checkInDate: mon, checkOutDate: wed, roomCount: 1, payWith: "money" };
    const [noWeeksHere, priceChanged, noRooms, closed, unboundClub] = await Promise.all([
      stay.discount(r.token, { payWith: "weeks" }),
      stay.discount(r.token, { totalPrice: 1 }),
      stay.discount(r.token, { roomCount: "" }),
      stay.create(r.token, closedForm),
      stay.club(unbound.token),
    ]);
    expect(noWeeksHere.body.desc).toBe(MEMBER_MSG.noWeeksHere);
    expect(priceChanged.body.desc).toBe("订单金额已变化，请重新确认");
    expect(noRooms.body.desc).toBe(MSG.roomCountRequired);
    expect(closed.body.desc).toBe("该酒店已停用，不能预订");
    expect(unboundClub.body.code).toBe("409");
    // Nothing was booked by any of them.
    expect((await mpGet("orders", r.token)).body.dataList).toEqual([]);
  });
});

describe("my orders (GET mp/orders, GET mp/order/view, POST mp/order/cancel)", () => {
  it("lists, shows and cancels only the member's own orders; every id of another member answers 订单不存在", async () => {
    const { a, b } = m;
    const [in21, in22, in23] = [addDays(mon, 21), addDays(mon, 22), addDays(mon, 23)];
    const free = () => w.free(w.discountHotel.id, w.discountHotel.roomId, in21, in23);
    const before = await free();
    const unpaid = (await stay.discount(a.token, { checkInDate: in21, checkOutDate: in23 })).body.data;
    const weeks = (await stay.club(a.token, { checkInDate: in21, checkOutDate: in22 })).body.data;
    const confirmed = (await stay.club(a.token, { checkInDate: addDays(mon, 28), checkOutDate: addDays(mon, 29) })).body.data;
    const theirs = (await stay.club(b.token, { checkInDate: in21, checkOutDate: in22 })).body.data;
    // A proxy order staff placed for the client is the member's order too.
    const proxy = await w.discountStay(a.clientId, addDays(mon, 35), addDays(mon, 36));

    const [mine, mineUnpaid, theirList, badStatus, badId, longReason] = await Promise.all([
      mpGet("orders", a.token),
      mpGet("orders", a.token, { status: 3 }),
      mpGet("orders", b.token),
      mpGet("orders", a.token, { status: 12 }),
      mpGet("order/view", a.token, { id: "x" }),
      mpPost("order/cancel", a.token, { id: unpaid.id, reason: "长".repeat(501) }),
    ]);
    expect(mine.body.dataList.map((o: any) => o.id)).toEqual([proxy.body.data.id, confirmed.id, weeks.id, unpaid.id]);
    expect(mine.body.pageParams.maxCount).toBe(4);
    expect(mineUnpaid.body.dataList.map((o: any) => o.id)).toEqual([unpaid.id]);
    expect(theirList.body.dataList.map((o: any) => o.id)).toEqual([theirs.id]);
    expect(badStatus.body.desc).toBe("订单状态不正确");
    expect(badId.body.desc).toBe("无效的订单");
    expect(longReason.body.desc).toBe("退订原因不能超过500个字");

    const notMine = await Promise.all(
      [theirs.id, 999999].flatMap((id) => [mpGet("order/view", a.token, { id }), mpPost("order/cancel", a.token, { id })]).concat(mpGet("order/view", b.token, { id: unpaid.id })),
    );
    for (const r of notMine) expect(r.body).toMatchObject({ code: "404", desc: MEMBER_MSG.noOrder });
    const view = (await mpGet("order/view", a.token, { id: unpaid.id })).body.data;
    expect(view).toMatchObject({ id: unpaid.id, status: 3, nights: [{ date: in21 }, { date: in22 }] });
    expect(view.timeline[0]).toEqual(expect.objectContaining({ action: "下单", toStatusName: "待支付" }));
    expect(view.timeline[0].userName).toBeUndefined();

    // Awaiting payment: closed at once, the rooms given back.
    const closed = await mpPost("order/cancel", a.token, { id: unpaid.id, reason: "行程有变" });
    expect([closed.body.desc, closed.body.data.status, closed.body.data.refundReason, closed.body.data.cancel]).toEqual(["取消成功", 11, "行程有变", ""]);
    expect(await free()).toEqual(before);
    expect((await mpPost("order/cancel", a.token, { id: unpaid.id })).body.desc).toBe(MEMBER_MSG.cannotCancel);

    // Awaiting review: cancelled at once, the weeks given back.
    const weeksLeft = async () => (await MembershipAccount.query.byClient({ tenantId: w.t.clientId, clientId: a.clientId }).go()).data[0]!.remainingFirstHaltCount;
    const left = await weeksLeft();
    expect((await mpPost("order/cancel", a.token, { id: weeks.id })).body.data.status).toBe(10);
    expect(await weeksLeft()).toBe(left! + 1);

    // Confirmed: a refund request staff handle; approved, the weeks come back.
    expect((await w.handle(confirmed.id, 1, 1)).body.code).toBe("200");
    const asked = await mpPost("order/cancel", a.token, { id: confirmed.id, reason: "改期" });
    expect([asked.body.desc, asked.body.data.status, asked.body.data.refundReason, asked.body.data.cancel]).toEqual(["已申请退订", 7, "改期", ""]);
    expect((await w.handle(confirmed.id, 2, 1)).body.code).toBe("200");
    expect((await mpGet("order/view", a.token, { id: confirmed.id })).body.data.status).toBe(10);
    expect(await weeksLeft()).toBe(left! + 2);

    // A proxy order paid at the desk, cancelled while awaiting review: the money goes back through the payment port.
    const refunded = (await mpPost("order/cancel", a.token, { id: proxy.body.data.id })).body.data;
    expect([refunded.status, refunded.refundDetail.refundPrice, refunded.refundDetail.status]).toEqual([10, 30000, 0]);
    expect((await mpGet("orders", a.token, { status: 10 })).body.dataList.map((o: any) => o.id)).toEqual([proxy.body.data.id, confirmed.id, weeks.id]);
  });

  it("refuses a staff token on the member routes and a member token on the staff routes (401)", async () => {
    const admin = w.t.adminToken;
    const member = m.plain;
    const replies = await Promise.all([
      search(admin, { checkInDate: mon, checkOutDate: wed }),
      stay.club(admin),
      mpGet("orders", admin),
      mpPost("order/pay", admin, { id: 1 }),
      w.book({ clientId: member.clientId, hotelId: w.clubHotel.id, roomId: w.clubHotel.roomId, checkInDate: mon, checkOutDate: wed, roomCount: 1 }, member.token),
      get(`${ORDERS}/list`, { token: member.token, functionId: FN.orders, query: { checkinType: "club" } }),
    ]);
    expect(replies.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
  });
});

describe("simultaneous member bookings (DynamoDB Local)", () => {
  it("20 members for the last 3 rooms: exactly 3 succeed, no night oversold", async () => {
    const { race } = extra;
    const form = { hotelId: race.id, roomId: race.roomId, checkInDate: raceIn, checkOutDate: addDays(raceIn, 2), roomCount: 1, payWith: "money" };
    expect(await w.free(race.id, race.roomId, form.checkInDate, form.checkOutDate)).toEqual([3, 3]);
    const replies = await Promise.all(crowd.map((c) => stay.create(c.token, form)));
    expect(replies.filter((r) => r.body.code === "200")).toHaveLength(3);
    for (const r of replies.filter((x) => x.body.code !== "200")) expect(r.body.desc).toMatch(/剩余客房不足|操作冲突，请重试/);
    expect(await w.free(race.id, race.roomId, form.checkInDate, form.checkOutDate)).toEqual([0, 0]);
  });

  it("20 bookings at one member's last week: exactly the nights it covers, stored weeks never below zero", async () => {
    const { token, clientId } = m.oneWeek;
    const start = monday(3);
    // One week = 5 weekday + 2 weekend nights; each booking takes one weekday night (Monday to Thursday of five weeks).
    const nights = Array.from({ length: 20 }, (_, i) => addDays(start, Math.floor(i / 4) * 7 + (i % 4)));
    expect(nights.every((n) => dayOfWeek(n) >= 1 && dayOfWeek(n) <= 4)).toBe(true);
    const replies = await Promise.all(nights.map((n) => stay.club(token, { checkInDate: n, checkOutDate: addDays(n, 1) })));
    expect(replies.filter((r) => r.body.code === "200")).toHaveLength(5);
    for (const r of replies.filter((x) => x.body.code !== "200")) expect(r.body.desc).toMatch(new RegExp(`${MSG.weeksShort}|操作冲突，请重试`));
    const a = (await MembershipAccount.query.byClient({ tenantId: w.t.clientId, clientId }).go()).data[0]!;
    expect(a).toMatchObject({ remainingCount: 0, remainingFirstHaltCount: 0, remainingSecondHaltCount: 2 });
    for (const k of ["remainingCount", "remainingFirstHaltCount", "remainingSecondHaltCount", "usedCount"] as const) expect(a[k] ?? 0).toBeGreaterThanOrEqual(0);
  });
});
