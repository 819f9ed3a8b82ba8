import { performance } from "node:perf_hooks";
import { loadavg } from "node:os";
import { createDepartments } from "@xiangyu/core/org/provision";
import { DEMO_DEPARTMENTS } from "../seed/demo.ts";
import { benchTenant, type BenchTenant } from "./tenant.ts";
import { seedOrders } from "./seedOrders.ts";
import { seedOplog } from "./seedOplog.ts";
import { seedClients, extendClients, STORES, type ClientSeed } from "./seedClients.ts";
import { seedHotelStatus } from "./seedHotels.ts";
import { gatewayClient, expectOk, type Gateway } from "./http.ts";
import { table } from "./markdown.ts";
import { count, ms, summarize, times, ratio, type Summary } from "./stats.ts";
import { TARGETS } from "./targets.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * The scale curve (issue 23): the main lists — orders, clients, the operation log, hotel status —
 * measured at 1×, 3× and 10× today's sizes, each in its own tenant, grown in place between the
 * steps (seeded with batch writes as the area benches seed). Each figure is p95 through the
 * gateway over varied queries (store, status, user and module take turns call by call), at page 1
 * and page 50. Page 1 should stay flat as the data grows, page 50 bounded.
 */
const PAGE_SIZE = 20;
const FACTORS = [1, 3, 10] as const;
const ORDERS_FN = 1701;
const CLIENTS_FN = 2001;
const OPLOG_FN = 2501;
const STATUS_FN = { 1: 1603, 2: 1604 } as const;

type Query = Record<string, string | number>;
/** One list as the curve measures it: a query per call (i varies it) and the reply's expected total. */
type Probe = { list: string; name: string; page: number; path: string; fn: (i: number) => number; query: (i: number) => Query; total: (i: number) => number | undefined };
type Point = { list: string; name: string; page: number; factor: number; rows: number; figures: Summary };
/** A list's data at one size: grows its tenant to `factor` × base, then names what to measure. */
type Curve = { list: string; base: number; unit: string; grow: (factor: number) => Promise<Probe[]> };

/** A list's page 1 and its deep page, alike but for the page. */
const pages = (
  list: string,
  path: string,
  fn: (i: number) => number,
  deep: number,
  name: string,
  query: (i: number) => Query,
  total: (i: number) => number | undefined = () => undefined,
): Probe[] => [1, deep].map((page) => ({ list, name, page, path, fn, query, total }));

/** Calls one probe `samples` times after a warm-up, one at a time, checking every reply's page and total. */
async function measure(gw: Gateway, t: BenchTenant, p: Probe, warmup: number, samples: number): Promise<Summary> {
  const call = async (i: number) => {
    const query = { ...p.query(i), currentPage: p.page, pageSize: PAGE_SIZE };
    const r = expectOk(await gw.get(p.path, { query, headers: t.headers(p.fn(i)) }), p.path);
    const want = p.total(i);
    const got = r.body.pageParams?.maxCount;
    if (want !== undefined && got !== want && !r.body.pageParams?.totalCapped) throw new Error(`${p.name}: total ${got}, want ${want} (${JSON.stringify(query)})`);
    if (!(r.body.dataList?.length > 0)) throw new Error(`${p.name}: an empty page ${p.page} (${JSON.stringify(query)})`);
  };
  for (let i = 0; i < warmup; i++) await call(i);
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await call(warmup + i);
    out.push(performance.now() - t0);
  }
  return summarize(out);
}

function ordersCurve(t: BenchTenant, base: number, deep: number, log: (s: string) => void): Curve {
  let stores: string[] = [];
  let seeded = 0;
  const buckets = new Map<string, number>();
  return {
    list: "orders",
    base,
    unit: "hotel order",
    async grow(factor) {
      if (!stores.length) {
        const depts = await createDepartments(t.tenantId, DEMO_DEPARTMENTS);
        stores = DEMO_DEPARTMENTS.flatMap((b) => (b.children ?? []).map((c) => depts.get(c.orgName)!.code));
      }
      const target = base * factor;
      const seed = await seedOrders(t.tenantId, stores, target, log, seeded);
      for (const [k, n] of seed.buckets) buckets.set(k, (buckets.get(k) ?? 0) + n);
      seeded = target;
      // 预订成功 and 已完成: 20 % and 40 % of the orders, so page 50 of every store holds rows at 1×.
      const statuses = [4, 6];
      const storeStatus = (i: number) => ({ shop: stores[i % stores.length]!, orderStatus: statuses[Math.floor(i / stores.length) % statuses.length]! });
      const inStoreStatus = (i: number) => {
        const { shop, orderStatus } = storeStatus(i);
        return (buckets.get(`club|${shop}|${orderStatus}`) ?? 0) + (buckets.get(`discount|${shop}|${orderStatus}`) ?? 0);
      };
      const orderPages = (name: string, query: (i: number) => Query, total: (i: number) => number) =>
        pages("orders", "/xiangyu/api/order/manage/list", () => ORDERS_FN, deep, name, query, total);
      return [
        ...orderPages("one store + status", storeStatus, inStoreStatus),
        ...orderPages(
          "whole tenant",
          () => ({}),
          () => seeded,
        ),
      ];
    },
  };
}

function clientsCurve(t: BenchTenant, base: number, deep: number, log: (s: string) => void): Curve {
  let seed: ClientSeed | null = null;
  return {
    list: "clients",
    base,
    unit: "client",
    async grow(factor) {
      const target = base * factor;
      seed = seed ? await extendClients(seed, target, log) : await seedClients(t.tenantId, target, log);
      const s = seed;
      // Totals by store, counted once per size from the seed's own rules.
      const byStore = STORES.map((name) => s.countWhere((j) => STORES[j % STORES.length] === name));
      const store = (i: number) => ({ shop: s.shops.get(STORES[i % STORES.length]!)! });
      const clientPages = (name: string, query: (i: number) => Query, total: (i: number) => number) =>
        pages("clients", "/xiangyu/api/client/clientlist", () => CLIENTS_FN, deep, name, query, total);
      return [
        ...clientPages("one store", store, (i) => byStore[i % STORES.length]!),
        ...clientPages(
          "whole tenant",
          () => ({}),
          () => s.count,
        ),
      ];
    },
  };
}

function oplogCurve(t: BenchTenant, base: number, deep: number, log: (s: string) => void): Curve {
  const users = [1, 2, 3, 4, 5];
  const modules = ["org"];
  let seeded = 0;
  return {
    list: "operation log",
    base,
    unit: "operation-log item",
    async grow(factor) {
      const target = base * factor;
      await seedOplog(t.tenantId, target - seeded, users, log);
      seeded = target;
      // Totals are not checked here (the admin's own sign-ins and the bench's refusals add entries): the area bench checks them.
      const logPages = (name: string, query: (i: number) => Query) => pages("operation log", "/gateway/api/manage/oplog/list", () => OPLOG_FN, deep, name, query);
      const byUser = (i: number) => ({ userId: users[i % users.length]! });
      const byModule = (i: number) => ({ module: modules[i % modules.length]! });
      return [...logPages("whole log", () => ({})), ...logPages("by user", byUser), ...logPages("by module", byModule)];
    },
  };
}

function hotelStatusCurve(t: BenchTenant, base: number, days: number, deep: number, log: (s: string) => void): Curve {
  const perType = { 1: 0, 2: 0 };
  let seeded = 0;
  return {
    list: "hotel status",
    base,
    unit: "hotel",
    async grow(factor) {
      const target = base * factor;
      const seed = await seedHotelStatus(t.tenantId, { hotels: target - seeded, rooms: 20, days }, log);
      for (const h of seed.hotels) perType[h.hotelType]++;
      seeded = target;
      const type = (i: number) => (1 + (i % 2)) as 1 | 2;
      // Today's 500 hotels fill 13 pages of one type: the deep page is page 50 or the last one there is.
      const last = Math.ceil(Math.min(perType[1], perType[2]) / PAGE_SIZE);
      // Club and discount lists take turns call by call, each through its own menu function.
      return pages(
        "hotel status",
        "/xiangyu/api/hotel/hotelstatuslist",
        (i) => STATUS_FN[type(i)],
        Math.min(deep, last),
        "one hotel type (20 rooms each)",
        (i) => ({ hotelType: type(i) }),
        (i) => perType[type(i)],
      );
    },
  };
}

export const area: BenchArea = {
  title: "Scale curve: the main lists at 1×, 3× and 10× today's sizes",
  async run({ quick, stack, log }) {
    if (!stack) throw new Error("the scale curve needs the running product");
    const gw = gatewayClient(stack.baseUrl);
    const warmup = quick ? 3 : 20;
    const samples = quick ? 20 : TARGETS.samples;
    // Today's sizes (the area benches'); quick is a smoke run whose page 50 still exists at 1×.
    const base = quick ? { orders: 3_000, clients: 3_000, oplog: 3_000, hotels: 300 } : { orders: 300_000, clients: 200_000, oplog: 100_000, hotels: 500 };
    const days = quick ? 7 : 60;
    const deep = quick ? 5 : 50;
    const curves: Array<{ tenant: string; make: (t: BenchTenant) => Curve }> = [
      { tenant: "benchscaleorders", make: (t) => ordersCurve(t, base.orders, deep, log) },
      { tenant: "benchscaleclients", make: (t) => clientsCurve(t, base.clients, deep, log) },
      { tenant: "benchscaleoplog", make: (t) => oplogCurve(t, base.oplog, deep, log) },
      { tenant: "benchscalehotels", make: (t) => hotelStatusCurve(t, base.hotels, days, deep, log) },
    ];
    const points: Point[] = [];
    const seeding: string[] = [];
    for (const c of curves) {
      const t = await benchTenant(gw, c.tenant);
      const curve = c.make(t);
      for (const factor of FACTORS) {
        const t0 = Date.now();
        const probes = await curve.grow(factor);
        const rows = curve.base * factor;
        seeding.push(`${curve.list} to ${count(rows, curve.unit)} in ${Math.round((Date.now() - t0) / 1000)} s`);
        log(`${curve.list} at ${factor}× (${rows.toLocaleString("en")})`);
        for (const p of probes) {
          const figures = await measure(gw, t, p, warmup, samples);
          points.push({ list: p.list, name: p.name, page: p.page, factor, rows, figures });
          // Each point in the log as it is taken, so hours of seeding are not lost to a later failure.
          log(`  ${p.list}, ${p.name}, page ${p.page} at ${factor}×: p50 ${ms(figures.p50)} ms, p95 ${ms(figures.p95)} ms (load ${loadavg()[0]!.toFixed(2)})`);
        }
      }
    }

    const key = (p: Point) => `${p.list}|${p.name}|${p.page === 1 ? "first" : "deep"}`;
    const series = [...new Set(points.map(key))];
    const at = (k: string, f: number) => points.find((p) => key(p) === k && p.factor === f)!;
    const checks: Check[] = series.flatMap((k) => {
      const top = at(k, 10);
      const one = at(k, 1);
      const growth = ratio(top.figures.p95, one.figures.p95);
      return [
        {
          what: `${top.list}, ${top.name}, page ${top.page}: p95 at 10× (${top.rows.toLocaleString("en")})`,
          target: `≤ ${TARGETS.listP95Ms} ms`,
          actual: `${ms(top.figures.p95)} ms`,
          pass: top.figures.p95 <= TARGETS.listP95Ms,
        },
        // Flat: ten times the data costs at most half as much again (noise on a loaded 2-core machine).
        { what: `${top.list}, ${top.name}, page ${top.page}: p95 growth 1× → 10×`, target: "≤ 1.5×", actual: times(growth), pass: growth <= 1.5 },
      ];
    });
    return {
      dataset: `${seeding.join("; ")}; page size ${PAGE_SIZE}; ${samples} measured calls per figure after ${warmup} warm-up calls, one at a time, the query varied call by call (store, status, user, module, hotel type)`,
      body: [
        "p95 in milliseconds through the gateway, with the admin's session and the list's own menu function; every reply checked (a full page, and the total where the seed knows it). Each list has its own tenant, grown in place from 1× to 3× to 10×.",
        "",
        table(
          ["list", " page at 1×/3×/10×", ...FACTORS.map((f) => ` ${f}× p95`), ...FACTORS.map((f) => ` ${f}× p50`), " growth 1×→10× (p95)"],
          series.map((k) => {
            const one = at(k, 1);
            return [
              `${one.list}: ${one.name}`,
              FACTORS.map((f) => at(k, f).page).join("/"),
              ...FACTORS.map((f) => ms(at(k, f).figures.p95)),
              ...FACTORS.map((f) => ms(at(k, f).figures.p50)),
              times(ratio(at(k, 10).figures.p95, one.figures.p95)),
            ];
          }),
        ),
      ].join("\n"),
      checks,
    };
  },
};
