import { performance } from "node:perf_hooks";
import { loadavg } from "node:os";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DeleteTableCommand, DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { config } from "@xiangyu/core/kernel/config";
import { dynamoAdmin, ensureTable } from "../twin/dynamo.ts";
import { ROOT } from "./stack.ts";
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
import type { BenchArea, Check, Section } from "./types.ts";

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
type Point = { list: string; name: string; page: number; factor: number; rows: number; figures: Summary; load: number };
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
      // Without their search keys: with them 2,000,000 clients fill DynamoDB Local's memory (≈ 9 KB a
      // client in its SQLite); these lists read none of them (docs/performance.md, the clients curve).
      seed = seed ? await extendClients(seed, target, log) : await seedClients(t.tenantId, target, log, false);
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
  let deepest: number | undefined;
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
      // Today's 500 hotels fill 12 full pages of one type: the deep page is page 50 or the last full
      // one there is at 1× (a part-filled last page reads fewer rows), and stays that page as the
      // list grows, so the sizes compare the same page of the same size.
      deepest ??= Math.max(1, Math.min(deep, Math.floor(Math.min(perType[1], perType[2]) / PAGE_SIZE)));
      // Club and discount lists take turns call by call, each through its own menu function.
      return pages(
        "hotel status",
        "/xiangyu/api/hotel/hotelstatuslist",
        (i) => STATUS_FN[type(i)],
        deepest,
        "one hotel type (20 rooms each)",
        (i) => ({ hotelType: type(i) }),
        (i) => perType[type(i)],
      );
    },
  };
}

/** The lists in the order a full run takes them (the clients' 2,000,000 last: the longest seed). */
const LISTS = ["orders", "oplog", "hotels", "clients"] as const;
const SETTLE_MS = 20_000;
type ListName = (typeof LISTS)[number];
/** One list's run: when, how long, at what load, its seeding in words. */
type ListRun = { list: ListName; date: string; seconds: number; load: [number, number]; seeding: string[]; samples: number; warmup: number };
type Stored = { runs: ListRun[]; points: Point[] };

/**
 * Every list's figures are kept in docs/scale-curve.json and the section is drawn from all of them,
 * so the lists can be measured in separate runs (`npm run bench -- scale:orders,oplog`, then
 * `scale:clients`): a full run takes hours, and a list measured again replaces only its own points.
 */
const STORE = join(ROOT, "docs/scale-curve.json");
const readStored = (): Stored => (existsSync(STORE) ? (JSON.parse(readFileSync(STORE, "utf8")) as Stored) : { runs: [], points: [] });

/**
 * An empty table before each list. DynamoDB Local keeps everything in one process's memory: 3,000,000
 * orders and 2,000,000 clients do not fit together in this machine's 24 GB, and one list's figures
 * must not depend on another's data beside it (each list has its own tenant anyway).
 */
async function emptyTable(endpoint: string): Promise<void> {
  const admin = dynamoAdmin(endpoint);
  await admin.send(new DeleteTableCommand({ TableName: config.table })).catch((e) => {
    if (e?.name !== "ResourceNotFoundException") throw e;
  });
  for (let i = 0; ; i++) {
    try {
      await admin.send(new DescribeTableCommand({ TableName: config.table }));
    } catch (e: any) {
      if (e?.name === "ResourceNotFoundException") break;
      throw e;
    }
    if (i > 100) throw new Error(`the table ${config.table} was not deleted`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await ensureTable(endpoint, config.table);
}

export const area: BenchArea = {
  title: "Scale curve: the main lists at 1×, 3× and 10× today's sizes",
  async run({ quick, parts, stack, log }) {
    if (!stack) throw new Error("the scale curve needs the running product");
    const unknown = parts.filter((p) => !(LISTS as readonly string[]).includes(p));
    if (unknown.length) throw new Error(`unknown scale list ${unknown.join(", ")}; known: ${LISTS.join(", ")}`);
    const chosen = parts.length ? LISTS.filter((l) => parts.includes(l)) : [...LISTS];
    const gw = gatewayClient(stack.baseUrl);
    const warmup = quick ? 3 : 20;
    const samples = quick ? 20 : TARGETS.samples;
    // Today's sizes (the area benches'); quick is a smoke run whose page 50 still exists at 1×.
    const base = quick ? { orders: 3_000, clients: 3_000, oplog: 3_000, hotels: 300 } : { orders: 300_000, clients: 200_000, oplog: 100_000, hotels: 500 };
    const days = quick ? 7 : 60;
    const deep = quick ? 5 : 50;
    const curves: Record<ListName, { tenant: string; make: (t: BenchTenant) => Curve }> = {
      orders: { tenant: "benchscaleorders", make: (t) => ordersCurve(t, base.orders, deep, log) },
      clients: { tenant: "benchscaleclients", make: (t) => clientsCurve(t, base.clients, deep, log) },
      oplog: { tenant: "benchscaleoplog", make: (t) => oplogCurve(t, base.oplog, deep, log) },
      hotels: { tenant: "benchscalehotels", make: (t) => hotelStatusCurve(t, base.hotels, days, deep, log) },
    };
    // A quick run neither reads nor writes the kept figures: it only prints.
    const stored: Stored = quick ? { runs: [], points: [] } : readStored();
    for (const list of chosen) {
      const started = Date.now();
      const loadBefore = loadavg()[0]!;
      await emptyTable(stack.dynamoEndpoint);
      const c = curves[list];
      const t = await benchTenant(gw, c.tenant);
      const curve = c.make(t);
      const points: Point[] = [];
      const seeding: string[] = [];
      for (const factor of FACTORS) {
        const t0 = Date.now();
        const probes = await curve.grow(factor);
        const rows = curve.base * factor;
        seeding.push(`${count(rows, curve.unit)} in ${Math.round((Date.now() - t0) / 1000)} s`);
        log(`${curve.list} at ${factor}× (${rows.toLocaleString("en")})`);
        // The seed kept both cores busy: let DynamoDB Local's collector and the load settle before measuring.
        if (!quick) await new Promise((r) => setTimeout(r, SETTLE_MS));
        for (const p of probes) {
          const figures = await measure(gw, t, p, warmup, samples);
          const load = loadavg()[0]!;
          points.push({ list: p.list, name: p.name, page: p.page, factor, rows, figures, load });
          // Each point in the log as it is taken, so hours of seeding are not lost to a later failure.
          log(`  ${p.list}, ${p.name}, page ${p.page} at ${factor}×: p50 ${ms(figures.p50)} ms, p95 ${ms(figures.p95)} ms (load ${load.toFixed(2)})`);
        }
      }
      const run: ListRun = {
        list,
        date: new Date().toISOString().slice(0, 10),
        seconds: Math.round((Date.now() - started) / 1000),
        load: [loadBefore, loadavg()[0]!],
        seeding,
        samples,
        warmup,
      };
      stored.runs = [...stored.runs.filter((r) => r.list !== list), run].sort((a, b) => LISTS.indexOf(a.list) - LISTS.indexOf(b.list));
      stored.points = [...stored.points.filter((p) => listOf(p) !== list), ...points];
      if (!quick) writeFileSync(STORE, `${JSON.stringify(stored, null, 1)}\n`);
    }
    return report(stored);
  },
};

/** The list a point belongs to, by its curve's title. */
const listOf = (p: Point): ListName => (({ orders: "orders", clients: "clients", "operation log": "oplog", "hotel status": "hotels" }) as Record<string, ListName>)[p.list]!;

/** The section from every list kept: a row per list, name and page, checks at 10×. */
function report({ runs, points }: Stored): Section {
  const key = (p: Point) => `${p.list}|${p.name}|${p.page === 1 ? "first" : "deep"}`;
  const byList = [...points].sort((a, b) => LISTS.indexOf(listOf(a)) - LISTS.indexOf(listOf(b)));
  const series = [...new Set(byList.map(key))];
  const at = (k: string, f: number) => points.find((p) => key(p) === k && p.factor === f);
  const complete = series.filter((k) => FACTORS.every((f) => at(k, f)));
  const checks: Check[] = complete.flatMap((k) => {
    const top = at(k, 10)!;
    const one = at(k, 1)!;
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
  const missing = LISTS.filter((l) => !runs.some((r) => r.list === l));
  return {
    dataset: `each list in its own tenant on an emptied table, grown in place from 1× to 3× to 10×; page size ${PAGE_SIZE}; the query varied call by call (store, status, user, module, hotel type); measured calls one at a time after warm-up calls, as each list's line says`,
    body: [
      "p95 and p50 in milliseconds through the gateway, with the admin's session and the list's own menu function; every reply checked (a full page, and the total where the seed knows it). The figures are kept in `docs/scale-curve.json`; a list measured again (`npm run bench -- scale:<list>`) replaces only its own.",
      "",
      ...runs.map(
        (r) =>
          `- **${r.list}**: measured ${r.date} in ${r.seconds} s, load average (1 min) ${r.load[0].toFixed(1)} before and ${r.load[1].toFixed(1)} after; seeded to ${r.seeding.join(", then ")}; ${r.samples} measured calls per figure after ${r.warmup} warm-up calls.`,
      ),
      ...(missing.length ? [`- Not measured yet: ${missing.join(", ")}.`] : []),
      "",
      table(
        ["list", " page at 1×/3×/10×", ...FACTORS.map((f) => ` ${f}× p95`), ...FACTORS.map((f) => ` ${f}× p50`), " growth 1×→10× (p95)", " load at 1×/3×/10×"],
        series.map((k) => {
          const one = at(k, 1) ?? at(k, 3) ?? at(k, 10)!;
          const cell = (f: number, pick: (p: Point) => string) => {
            const p = at(k, f);
            return p ? pick(p) : "–";
          };
          const ten = at(k, 10);
          const first = at(k, 1);
          return [
            `${one.list}: ${one.name}`,
            FACTORS.map((f) => cell(f, (p) => String(p.page))).join("/"),
            ...FACTORS.map((f) => cell(f, (p) => ms(p.figures.p95))),
            ...FACTORS.map((f) => cell(f, (p) => ms(p.figures.p50))),
            ten && first ? times(ratio(ten.figures.p95, first.figures.p95)) : "–",
            FACTORS.map((f) => cell(f, (p) => p.load.toFixed(1))).join("/"),
          ];
        }),
      ),
    ].join("\n"),
    checks,
  };
}
