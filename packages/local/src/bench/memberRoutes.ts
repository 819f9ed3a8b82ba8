import { performance } from "node:perf_hooks";
import { openMemberSession } from "@xiangyu/core/auth/member";
import { Hotel } from "@xiangyu/core/hotels/entities";
import { addDays } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";
import type { SeededHotel } from "./seedHotels.ts";
import { seedMembers, type MemberSeed } from "./seedMembers.ts";
import { expectOk, type Gateway, type Reply } from "./http.ts";
import { readsOf, type ReadFigures } from "./calls.ts";
import type { Plan } from "./timing.ts";
import { table } from "./markdown.ts";
import { count, ms, summarize, type Summary } from "./stats.ts";
import { TARGETS } from "./targets.ts";
import type { Check } from "./types.ts";

/**
 * The member's booking routes at the member bench's size (issue 39): a hotel's rooms and prices for
 * a stay (the quote the mini-program shows before booking), placing a real order paid by money in a
 * discount hotel (it awaits payment), and page 1 of "my orders" for members who hold some. Through
 * the gateway with the bound members' tokens, one call at a time, varied call by call: member,
 * hotel, room and stay in turn.
 */
const HOTEL = "/xiangyu/api/mp/hotel";
const CREATE = "/xiangyu/api/mp/order/create";
const ORDERS = "/xiangyu/api/mp/orders";
const PAGE_SIZE = 10;
const MAX_P95_MS = TARGETS.memberRouteP95Ms;

type RouteFigures = { name: string; route: string; gateway: Summary } & ReadFigures;
type Caller = { token: string; clientId: number };

/** Stay i: check-in 1 to 10 days from today, one or two nights, inside the seeded days of status. */
function stayOf(i: number, days: number) {
  const checkInDate = addDays(today(), 1 + (i % Math.max(1, days - 4)));
  return { checkInDate, checkOutDate: addDays(checkInDate, 1 + (i % 2)) };
}

/** `one(i)` warm-up times unmeasured, then `iterations` times measured. */
async function timed(plan: Plan, one: (i: number) => Promise<unknown>): Promise<Summary> {
  for (let i = 0; i < plan.warmup; i++) await one(i);
  const samples: number[] = [];
  for (let i = plan.warmup; i < plan.warmup + plan.iterations; i++) {
    const t = performance.now();
    await one(i);
    samples.push(performance.now() - t);
  }
  return summarize(samples);
}

async function timeMemberRoutes(o: { gw: Gateway; seed: MemberSeed; hotels: SeededHotel[]; days: number; plan: Plan; log: (s: string) => void }): Promise<RouteFigures[]> {
  const { gw, seed, plan, log } = o;
  const tokenOf = async (m: MemberSeed["bound"][number]) => ({ token: (await openMemberSession(seed.tenantId, m.mobileUserId)).access_token, clientId: m.clientId });
  const members: Caller[] = await Promise.all(seed.bound.map(tokenOf));
  const discount = o.hotels.filter((h) => h.hotelType === 2 && h.roomIds.length);
  if (!members.length || !discount.length) throw new Error("member routes: no bound member or no discount hotel with rooms");
  const auth = (m: Caller) => ({ authorization: `Bearer ${m.token}` });
  const memberAt = (i: number) => members[i % members.length]!;
  // Hotels stepped by a prime so member, hotel and stay do not repeat together.
  const hotelAt = (i: number) => discount[(i * 7) % discount.length]!;
  const ordersOf = new Map<number, number>();

  const quote = async (i: number): Promise<Reply> => {
    const h = hotelAt(i);
    const r = expectOk(await gw.get(HOTEL, { query: { id: h.id, ...stayOf(i, o.days) }, headers: auth(memberAt(i)) }), HOTEL);
    // Every seeded room of a discount hotel has rooms free and a price on every night of the stay.
    const rooms: Array<{ freeCount: number; totalPrice: number }> = r.body.data?.rooms ?? [];
    if (rooms.length !== h.roomIds.length || rooms.some((x) => !(x.freeCount > 0 && x.totalPrice > 0))) throw new Error(`${HOTEL}: ${JSON.stringify(r.body).slice(0, 300)}`);
    return r;
  };
  const create = async (i: number): Promise<Reply> => {
    const h = hotelAt(i);
    const m = memberAt(i);
    const form = { hotelId: h.id, roomId: h.roomIds[i % h.roomIds.length]!, ...stayOf(i, o.days), roomCount: 1, payWith: "money" };
    const r = expectOk(await gw.postForm(CREATE, form, auth(m)), CREATE);
    ordersOf.set(m.clientId, (ordersOf.get(m.clientId) ?? 0) + 1);
    return r;
  };
  const myOrders = async (i: number): Promise<Reply> => {
    const m = memberAt(i);
    const r = expectOk(await gw.get(ORDERS, { query: { currentPage: 1, pageSize: PAGE_SIZE }, headers: auth(m) }), ORDERS);
    const want = Math.min(PAGE_SIZE, ordersOf.get(m.clientId) ?? 0);
    if (r.body.dataList?.length !== want) throw new Error(`${ORDERS}: expected ${want} rows, got ${JSON.stringify(r.body).slice(0, 300)}`);
    return r;
  };

  const out: RouteFigures[] = [];
  // Placing first: "my orders" then lists what the members booked.
  for (const [name, route, one] of [
    ["a hotel's rooms and prices for a stay (the quote)", `GET ${HOTEL}`, quote],
    ["placing an order (discount hotel, paid by money)", `POST ${CREATE}`, create],
    ["my orders, page 1", `GET ${ORDERS}`, myOrders],
  ] as const) {
    log(`scenario: ${name}`);
    const reads = await readsOf(() => one(0));
    const gateway = await timed(plan, one);
    log(`  gateway p50 ${ms(gateway.p50)} ms, p95 ${ms(gateway.p95)} ms`);
    out.push({ name, route, gateway, ...reads });
  }
  const held = [...ordersOf.values()];
  log(`orders placed: ${held.reduce((a, b) => a + b, 0)} for ${held.length} members (${Math.min(...held)}–${Math.max(...held)} each)`);
  return out;
}

/** The section's table: one row per route. */
const memberRoutesTable = (rows: RouteFigures[]): string =>
  table(
    ["scenario", "route", " gateway p50", " gateway p95", " gateway p99", "DynamoDB calls", " bytes from DynamoDB", " reply (JSON)", " samples"],
    rows.map((r) => [
      r.name,
      `\`${r.route}\``,
      ms(r.gateway.p50),
      ms(r.gateway.p95),
      ms(r.gateway.p99),
      r.reads,
      `${(r.dynamoBytes / 1000).toFixed(1)} kB`,
      `${(r.replyBytes / 1000).toFixed(1)} kB`,
      r.gateway.n,
    ]),
  );

/**
 * The member bench's members and booking routes: `XY_BENCH_MEMBERS` members (200,000 by default,
 * 2,000 with --quick) seeded in the bench's tenant, `bound` of them bound to clients — before the
 * hotel search is timed, so it runs at that size too. `time()` then times the three routes: the
 * section of the member bench and its checks against the 100 ms p95 target.
 */
export async function memberRoutesPart(o: { gw: Gateway; tenantId: string; hotels: SeededHotel[]; days: number; quick: boolean; plan: Plan; log: (s: string) => void }) {
  const { tenantId, quick, log } = o;
  const members = Number(process.env.XY_BENCH_MEMBERS) || (quick ? 2_000 : 200_000);
  const bound = quick ? 10 : 40;
  const { data: shopOf } = await Hotel.get({ tenantId, id: o.hotels[0]!.id }).go({ attributes: ["shop"] });
  const t0 = Date.now();
  log(`seeding ${count(members, "member")} (${bound} bound to clients)…`);
  const seed = await seedMembers({ tenantId, count: members, bound, shop: shopOf?.shop ?? "", log });
  const seconds = (Date.now() - t0) / 1000;
  const time = async () => {
    const rows = await timeMemberRoutes({ gw: o.gw, seed, hotels: o.hotels, days: o.days, plan: o.plan, log });
    const checks: Check[] = rows.map((r) => ({
      what: `p95 through the gateway: ${r.name} (${count(members, "member")})`,
      target: `≤ ${MAX_P95_MS} ms`,
      actual: `${ms(r.gateway.p95)} ms`,
      pass: r.gateway.p95 <= MAX_P95_MS,
    }));
    const section = [
      `### Booking and my orders (${count(members, "member")})`,
      "",
      `Through the gateway with the tokens of the ${bound} bound members, one call at a time, member, discount hotel, room and stay (1 or 2 nights, 1 to 10 days ahead) varied call by call; every reply checked (each room free and priced; the order placed; page 1 holding the member's orders). The orders are real: placed by money, awaiting payment, ${PAGE_SIZE} to a page of my orders. Target: p95 ≤ ${MAX_P95_MS} ms.`,
      "",
      memberRoutesTable(rows),
    ].join("\n");
    return { section, checks };
  };
  return { dataset: `${count(members, "mini-program member")} in the tenant (bulk-loaded in ${Math.round(seconds)} s), ${bound} of them bound to clients of their own`, time };
}
