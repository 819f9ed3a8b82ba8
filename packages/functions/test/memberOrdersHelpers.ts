import { get, memberToken, post, type testTenant } from "./harness.ts";
import type { World } from "./ordersHelpers.ts";
import { code } from "./clientsHelpers.ts";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { bulkLoadClients } from "@xiangyu/core/clients/bulkLoad";
import type { ClientItem } from "@xiangyu/core/clients/entities";
import { nextIds } from "@xiangyu/core/kernel/counters";
import { formatDateTime } from "@xiangyu/core/kernel/clock";
import type { NewVoucherBatch } from "@xiangyu/core/vouchers/ledger/ledger";

/**
 * The mini-program member's hotel routes as the tests call them (memberBooking.test.ts,
 * memberPay.test.ts): members of an order world (ordersHelpers.ts) with their tokens, and the
 * member routes under /xiangyu/api/mp.
 */
const MP = "/xiangyu/api/mp";
export type Form = Record<string, string | number>;

let seq = 0;

/** A mini-program member: a client of the world (bound, with weeks and vouchers) and its mobile user's token; the client's openid is `wx-<client id>`. */
export async function memberOf(world: World, o: { weeks?: number; vouchers?: NewVoucherBatch[]; bound?: boolean } = {}) {
  const c = await world.member(o);
  const userId = o.bound === false ? `mp-unbound-${Date.now()}-${++seq}` : `wx-${c.id}`;
  const [mu] = await registerMobileUsers(world.t.clientId, [{ userId, realname: `会员${++seq}`, mobile: "13900001111", clientId: o.bound === false ? 0 : c.id }]);
  return { clientId: c.id, openid: userId, token: await memberToken(world.t.clientId, mu!) };
}
export type TestMember = Awaited<ReturnType<typeof memberOf>>;

/**
 * `n` members with nothing stored, made in bulk for a crowd (a race needs only that each is bound):
 * their clients, bound to their mobile users, loaded with their keys and tallies as the client import
 * does (clients/bulkLoad.ts), in far fewer round trips than `memberOf` n times.
 */
export async function crowdOf(t: Awaited<ReturnType<typeof testTenant>>, n: number, firstMobile: number): Promise<TestMember[]> {
  const tenantId = t.clientId;
  const first = await nextIds(tenantId, "client", n);
  const shop = code(t as any, "广州天河店");
  const clients = Array.from(
    { length: n },
    (_, j) =>
      ({
        tenantId,
        id: first + j,
        clientName: `抢房会员${j}`,
        mobile: String(firstMobile + j),
        shop,
        status: 2,
        memberCode: "",
        isMgr: 0,
        globalId: `wx-${first + j}`,
        createTime: formatDateTime(),
        rev: 0,
      }) as ClientItem,
  );
  await bulkLoadClients(clients);
  return Promise.all(
    clients.map(async (c) => {
      const [mu] = await registerMobileUsers(tenantId, [{ userId: c.globalId!, realname: c.clientName, mobile: c.mobile, clientId: c.id }]);
      return { clientId: c.id, openid: c.globalId!, token: await memberToken(tenantId, mu!) };
    }),
  );
}

export const mpGet = (path: string, token: string, query: Form = {}) => get(`${MP}/${path}`, { token, query });
export const mpPost = (path: string, token: string, form: Form) => post(`${MP}/${path}`, { token, form });

/** Booking in the world's two hotels: the club hotel with weeks, the discount hotel with money (one room, `checkInDate` to `checkOutDate`). */
export function booking(w: World, checkInDate: string, checkOutDate: string) {
  const create = (token: string, form: Form) => mpPost("order/create", token, form);
  const club = (token: string, more: Form = {}) =>
    create(token, { hotelId: w.clubHotel.id, roomId: w.clubHotel.roomId, checkInDate, checkOutDate, roomCount: 1, payWith: "weeks", ...more });
  const discount = (token: string, more: Form = {}) =>
    create(token, { hotelId: w.discountHotel.id, roomId: w.discountHotel.roomId, checkInDate, checkOutDate, roomCount: 1, payWith: "money", ...more });
  return { create, club, discount };
}
