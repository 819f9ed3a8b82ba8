import { TARGETS } from "./targets.ts";
import { headOffice } from "@xiangyu/core/kernel/context";
import { getHotel } from "@xiangyu/core/hotels/hotelQueries";
import { addMonths } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { benchTenant } from "./tenant.ts";
import { readsOf, readsSection, type ReadFigures } from "./calls.ts";
import { seedHotelStatus, type SeedSize } from "./seedHotels.ts";
import { gatewayClient, expectOk } from "./http.ts";
import { compare, type Plan } from "./timing.ts";
import { table } from "./markdown.ts";
import { count, ms, type Summary } from "./stats.ts";
import type { BenchArea, Check } from "./types.ts";
import { listHotels } from "@xiangyu/core/hotels/hotels";
import { DEMO_DEPARTMENTS } from "../seed/demo.ts";
import { createCatalog } from "./seedHotelsCatalog.ts";
import { pageOf, listsTable, timeLists, type ListScenario } from "./boundedLists.ts";
import type { Gateway } from "./http.ts";
import { calendarScenario, hotelsOfType, HOTELS_FN, PAGE_SIZE, statusListScenario, type Layer, type Scenario } from "./hotelsScenarios.ts";

const HOTEL_LIST = "/xiangyu/api/hotel/hotellist";

/** The hotel list by keyword and for a store-level caller (one branch), club hotels, page 1 and page 50. */
async function hotelLists(gw: Gateway, quick: boolean, plan: Plan, log: (s: string) => void) {
  const size = quick ? 2_400 : 20_000;
  const t = await benchTenant(gw, "benchhotellist");
  const t0 = Date.now();
  // One room each: the catalogue seeder checks a bulk room against its reference one.
  const hotels = await createCatalog(t.tenantId, size, 1, 1, log);
  log(`hotel list: ${size} hotels in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // Hotel i lies in store i mod 6 (seedHotelsCatalog.ts); the first store's branch is the caller's.
  const stores = DEMO_DEPARTMENTS.flatMap((b) => (b.children ?? []).map((c) => c.orgName));
  const branchStores = new Set((DEMO_DEPARTMENTS[0]!.children ?? []).map((c) => c.orgName));
  const branch = ((await getHotel(t.tenantId, hotels[0]!.id))?.shop ?? "").slice(0, 3);
  const caller = headOffice(t.tenantId, { username: "bench", sessionId: "bench" });
  const club = hotels.filter((h) => h.hotelType === 1).length;
  const clubInBranch = hotels.filter((h, i) => h.hotelType === 1 && branchStores.has(stores[i % stores.length]!)).length;
  const scenarios: ListScenario[] = [];
  for (const page of [1, 50]) {
    const paging = readPaging({ currentPage: page, pageSize: PAGE_SIZE, keyword: "度假" });
    scenarios.push({
      name: `hotel list, club hotels by keyword, page ${page}`,
      matching: club,
      gateway: async () => expectOk(await gw.postForm(HOTEL_LIST, { currentPage: page, pageSize: PAGE_SIZE, keyword: "度假" }, t.headers(HOTELS_FN[1])), HOTEL_LIST),
      service: async () => pageOf(await listHotels({ caller, hotelType: 1 }, paging, { hotelType: 1, keyword: "度假" })),
    });
    // A quick run's branch holds fewer than 50 pages: its deepest page then.
    const sp = Math.min(page, Math.floor(clubInBranch / PAGE_SIZE));
    scenarios.push({
      name: `hotel list, club hotels, store-level caller (one branch), page ${sp}`,
      matching: clubInBranch,
      service: async () =>
        pageOf(
          await listHotels({ caller: { ...caller, deptCodes: [branch], dataScope: "deptTree" }, hotelType: 1 }, readPaging({ currentPage: sp, pageSize: PAGE_SIZE }), {
            hotelType: 1,
          }),
        ),
    });
  }
  return { size, results: await timeLists(scenarios, plan, log) };
}

/**
 * Issue 4's target: the hotel status list of one type and one hotel's month calendar each answer in
 * ≤ 150 ms at p95 with 500 hotels × 20 rooms × 365 days stored (the scenarios: hotelsScenarios.ts).
 */
const TARGET_P95_MS = TARGETS.listP95Ms;
export type Result = { name: string } & ReadFigures & Record<Layer, Summary>;

export const area: BenchArea = {
  title: "Hotels: room-status list and month calendar",
  async run({ quick, stack, log }) {
    const size: SeedSize = quick ? { hotels: 50, rooms: 20, days: 70 } : { hotels: 500, rooms: 20, days: 365 };
    const plan: Plan = quick ? { warmup: 3, iterations: 20 } : { warmup: 20, iterations: TARGETS.samples };
    const gw = gatewayClient(stack!.baseUrl);
    const t = await benchTenant(gw, "benchhotels");
    const { tenantId } = t;

    const t0 = Date.now();
    const seed = await seedHotelStatus(tenantId, size, log);
    const seedSeconds = (Date.now() - t0) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);

    const perType = (type: 1 | 2) => hotelsOfType(seed, type);
    const setup = { tenantId, size, seed };
    // Next month: every day of it stored for every room (this month's past days are not).
    const month = addMonths(today().slice(0, 7), 1);
    const laterPage = Math.max(2, Math.floor(perType(1) / PAGE_SIZE));
    const scenarios: Scenario[] = [
      statusListScenario(setup, 1, 1),
      statusListScenario(setup, 1, laterPage),
      statusListScenario(setup, 2, 1),
      calendarScenario(
        setup,
        seed.hotels.find((h) => h.hotelType === 1)!,
        month,
      ),
      calendarScenario(
        setup,
        seed.hotels.find((h) => h.hotelType === 2)!,
        month,
      ),
    ];

    const results: Result[] = [];
    for (const s of scenarios) {
      log(`scenario: ${s.name}`);
      const call = async () => {
        const r = expectOk(await gw.get(s.path, { query: s.query, headers: t.headers(s.fn) }), s.path);
        s.check(r.body);
        return r;
      };
      // Before timing: the reply is complete, and what one request reads.
      const reads = await readsOf(call);
      const figures = await compare<Layer>({ gateway: call, service: s.service, bare: s.bare }, plan);
      results.push({ name: s.name, ...reads, ...figures });
    }

    // The hotel list's filtered variants (issue 23), in a tenant of their own with many hotels.
    const lists = await hotelLists(gw, quick, plan, log);

    const checks: Check[] = results.map((r) => ({
      what: `p95 through the gateway: ${r.name}`,
      target: `≤ ${TARGET_P95_MS} ms`,
      actual: `${ms(r.gateway.p95)} ms`,
      pass: r.gateway.p95 <= TARGET_P95_MS,
    }));
    const statusDays = seed.hotels.length * size.days;
    return {
      dataset: `${count(seed.hotels.length, "hotel")} (${perType(1)} club, ${perType(2)} discount) in the 6 demo stores, ${size.rooms} rooms each, ${size.days} days of room status from ${seed.first} to ${seed.last} (${statusDays.toLocaleString("en")} day items, one per hotel and day, ${size.rooms} rooms' numbers on each), seeded in ${Math.round(seedSeconds)} s; status list page size ${PAGE_SIZE}, calendar month ${month}; ${plan.iterations} measured calls per figure after ${plan.warmup} warm-up calls, one at a time`,
      body: [
        "Latency in milliseconds. *gateway*: HTTP request to the local gateway with the admin's session and the screen's function (1603/1604 for the status list, 1601/1602 for the calendar), reply checked complete on every call (row counts, 4 status days per hotel and room, every calendar cell). *service*: the core function (`hotelStatusList`, `monthCalendar`) with a caller already resolved: the reads plus building the reply. *bare*: only the DynamoDB reads the service makes (status list: page of hotels ∥ kept total, then one BatchGetItem of the hotels' room indexes and days; calendar: the hotel's GetItem ∥ its room index's GetItem ∥ the month's Query ∥ the holidays' Query). The three take turns call by call.",
        "",
        table(
          ["scenario", " gateway p50", " gateway p95", " service p50", " service p95", " bare p50", " bare p95"],
          results.map((r) => [r.name, ms(r.gateway.p50), ms(r.gateway.p95), ms(r.service.p50), ms(r.service.p95), ms(r.bare.p50), ms(r.bare.p95)]),
        ),
        "",
        readsSection(results),
        "",
        `### Hotel list: filtered variants (${lists.size.toLocaleString("en")} hotels in another tenant, half of them club hotels named 度假…)`,
        "",
        listsTable(lists.results),
      ].join("\n"),
      checks,
    };
  },
};
