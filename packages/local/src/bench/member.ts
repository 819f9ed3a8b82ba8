import * as v from "valibot";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { openMemberSession } from "@xiangyu/core/auth/member";
import { authenticateMember } from "@xiangyu/core/auth/memberAuth";
import { searchHotels } from "@xiangyu/core/hotels/memberSearch";
import { Hotel } from "@xiangyu/core/hotels/entities";
import { addDays } from "@xiangyu/core/hotels/nights";
import { MemberHotelSearch } from "@xiangyu/core/orders/member/schemas";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { memberRoutesPart } from "./memberRoutes.ts";
import { today } from "@xiangyu/core/kernel/clock";
import { DIST, ensureBuild, initialScripts, staticClosure } from "./console.ts";
import { TARGETS } from "./targets.ts";
import { benchTenant } from "./tenant.ts";
import { seedHotelStatus, type SeedSize } from "./seedHotels.ts";
import { gatewayClient, expectOk, type Gateway } from "./http.ts";
import { readsOf, type ReadFigures } from "./calls.ts";
import { compare, type Plan } from "./timing.ts";
import { table } from "./markdown.ts";
import { count, kB, ms, summarize, type Summary } from "./stats.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * Issue 34's targets for the member H5 (web/m/index.html + web/src/member/, served at /m/):
 * - what a phone downloads before the H5 can draw: the JS web/dist/m/index.html loads at once
 *   (its module script and modulepreload links) with their static imports, gzipped — ≤ 80 kB;
 * - the hotel search (GET /xiangyu/api/mp/hotels, core hotels/memberSearch.ts) at 500 enabled
 *   hotels with rooms free, first page of a 2-night stay from tomorrow, with and without a keyword,
 *   through the gateway with a member token — p95 ≤ 100 ms;
 * - issue 39: the same at 200,000 members in the tenant (`XY_BENCH_MEMBERS`), and the booking routes
 *   there — a hotel's quote, placing an order, my orders page 1 (memberRoutes.ts) — p95 ≤ 100 ms each.
 * Also reported, without a target: the JS of the first signed-in screen (the lazy `SignedIn` shell
 * and the home `PageScreen`) beyond the first load.
 */
const MAX_INITIAL_GZIP = TARGETS.memberInitialGzipBytes;
const MAX_SEARCH_P95_MS = TARGETS.hotelSearchP95Ms;
const PAGE = "m/index.html";
const SEARCH = "/xiangyu/api/mp/hotels";
const PAGE_SIZE = 10;
/** Hotel names are 享域<city><度假|商务>酒店<n>号 (seedHotelsCatalog.ts): a half, and each store's city a sixth. */
const KEYWORDS = ["度假", "商务", "广州", "深圳", "珠海", "上海", "杭州", "南京"];

const gz = (file: string) => gzipSync(readFileSync(join(DIST, file))).byteLength;

/** The chunk `files` (paths inside dist) name by a relative import, found by the module it was built from (`./SignedIn-<hash>.js`). */
function referenced(files: string[], name: string): string {
  for (const f of files) {
    const m = readFileSync(join(DIST, f), "utf8").match(new RegExp(`"\\./(${name}-[\\w-]+\\.js)"`));
    if (m) return `assets/${m[1]}`;
  }
  throw new Error(`web/dist: no ${name} chunk imported by ${files.join(", ")} — is it still a lazy import of web/src/member/?`);
}

/** `files` and their static imports, transitively (paths inside dist). */
const closureOf = (files: string[]): string[] => {
  const seen = new Set<string>();
  for (const f of files) staticClosure(f.replace(/^assets\//, ""), seen);
  return [...seen].map((f) => `assets/${f}`);
};

type FileRow = { file: string; how: string; raw: number; gzip: number };

function fileRows(files: Array<{ file: string; how: string }>): FileRow[] {
  return files.map(({ file, how }) => ({ file, how, raw: readFileSync(join(DIST, file)).byteLength, gzip: gz(file) }));
}

const filesTable = (rows: FileRow[], total: string) =>
  table(
    ["file", "loaded by", " minified", " gzip"],
    [...rows.map((r) => [r.file, r.how, kB(r.raw), kB(r.gzip)]), [`**${total}**`, "", kB(rows.reduce((s, r) => s + r.raw, 0)), `**${kB(rows.reduce((s, r) => s + r.gzip, 0))}**`]],
  );

/** The H5's first load and its first signed-in screen, from web/dist (built when missing or stale). */
function measureBundle(log: (s: string) => void) {
  const built = ensureBuild(log, PAGE, "web for the member H5");
  if (!existsSync(join(DIST, PAGE))) throw new Error(`web/dist/${PAGE} missing after the build: is m/index.html still an input of web/vite.config.ts?`);
  const listed = initialScripts(readFileSync(join(DIST, PAGE), "utf8"));
  if (!listed.some((f) => f.how === "module script")) throw new Error(`web/dist/${PAGE} loads no module script`);
  const listedFiles = listed.map((f) => f.file);
  // A static import missing from the modulepreload links is still downloaded before the first paint (later, one round trip each).
  const initialFiles = closureOf(listedFiles);
  const initial = fileRows([...listed, ...initialFiles.filter((f) => !listedFiles.includes(f)).map((file) => ({ file, how: "static import" }))]);
  const initialGzip = initial.reduce((s, r) => s + r.gzip, 0);

  const signedIn = referenced(initialFiles, "SignedIn");
  const shellFiles = closureOf([signedIn]);
  const home = referenced(shellFiles, "PageScreen");
  const screenFiles = closureOf([signedIn, home]).filter((f) => !initialFiles.includes(f));
  const screen = fileRows(screenFiles.map((file) => ({ file, how: file === signedIn ? "lazy: SignedIn" : file === home ? "lazy: home PageScreen" : "static import" })));
  const screenGzip = screen.reduce((s, r) => s + r.gzip, 0);
  const allJs = readdirSync(join(DIST, "assets")).filter((f) => f.endsWith(".js")).length;
  return { built, initial, initialGzip, screen, screenGzip, lazyInInitial: initialFiles.includes(signedIn) || initialFiles.includes(home), allJs };
}

type Layer = "gateway" | "service" | "search";
/** One query of a scenario (a keyword): its rows, what one request reads, its own share of the gateway samples. */
type QueryFigures = { label: string; rows: number; matching: number; gateway: Summary } & ReadFigures;
type Result = { name: string; queries: QueryFigures[] } & Record<Layer, Summary>;

type SearchSetup = { gw: Gateway; tenantId: string; mobileUserId: number; authorization: string; names: string[]; stay: Record<string, string | number> };

/** The search without and with a keyword, each timed through the gateway, in-process with the token check, and alone. */
async function timeSearches({ gw, tenantId, mobileUserId, authorization, names, stay }: SearchSetup, plan: Plan, log: (s: string) => void): Promise<Result[]> {
  /** One scenario's queries, taken in turn call by call (each layer its own turn). */
  const scenario = (name: string, keywords: string[]) => {
    const queries = keywords.map((keyword) => (keyword ? { ...stay, keyword } : { ...stay }));
    const matching = keywords.map((k) => names.filter((n) => n.includes(k)).length);
    const check = (body: any, i: number) => {
      const rows: any[] = body?.dataList ?? [];
      const k = keywords[i]!;
      // Every seeded hotel has rooms free on every night of the stay: a full page, or all that match.
      if (rows.length !== Math.min(PAGE_SIZE, matching[i]!) || rows.some((r) => !String(r.hotelName).includes(k) || !(r.freeCount > 0)))
        throw new Error(`${SEARCH} ${k || "(no keyword)"}: expected ${Math.min(PAGE_SIZE, matching[i]!)} rows, got ${JSON.stringify(body).slice(0, 300)}`);
    };
    const turns = (fn: (i: number) => Promise<unknown>) => {
      let n = 0;
      return () => fn(n++ % queries.length);
    };
    // The gateway's measured calls (those after the warm-up) by query, to tell the keywords apart.
    const perQuery: number[][] = queries.map(() => []);
    let gatewayCalls = 0;
    const http = async (i: number) => {
      const r = expectOk(await gw.get(SEARCH, { query: queries[i]!, headers: { authorization } }), SEARCH);
      check(r.body, i);
      return r;
    };
    const parsed = queries.map((q) => v.parse(MemberHotelSearch, q));
    return {
      name,
      layers: {
        gateway: async () => {
          const n = gatewayCalls++;
          const i = n % queries.length;
          const t = performance.now();
          await http(i);
          if (n >= plan.warmup) perQuery[i]!.push(performance.now() - t);
        },
        service: turns(async (i) => check(await searchHotels(await authenticateMember(authorization), parsed[i]!), i)),
        search: turns(async (i) => {
          const member = { tenantId, mobileUserId, userId: "bench-member", clientId: 0, realname: "性能测试会员", mobile: "13900009999" };
          check(await searchHotels(member, parsed[i]!), i);
        }),
      },
      /** What each query reads (once each, before timing), with its share of the gateway samples (after timing). */
      // One query at a time: the call recorder counts whatever runs meanwhile.
      reads: async () => {
        const out: Omit<QueryFigures, "gateway">[] = [];
        for (const [i, k] of keywords.entries())
          out.push({ ...(await readsOf(() => http(i))), label: k ? `“${k}”` : "no keyword", rows: Math.min(PAGE_SIZE, matching[i]!), matching: matching[i]! });
        return out;
      },
      perQuery: (i: number) => summarize(perQuery[i]!),
    };
  };

  const scenarios = [scenario("hotel search, no keyword, page 1", [""]), scenario(`hotel search by keyword (${KEYWORDS.length} keywords in turn), page 1`, KEYWORDS)];
  const results: Result[] = [];
  for (const s of scenarios) {
    log(`scenario: ${s.name}`);
    const reads = await s.reads();
    const figures = await compare<Layer>(s.layers, plan);
    log(`  gateway p50 ${ms(figures.gateway.p50)} ms, p95 ${ms(figures.gateway.p95)} ms`);
    results.push({ name: s.name, queries: reads.map((r, i) => ({ ...r, gateway: s.perQuery(i) })), ...figures });
  }
  return results;
}

export const area: BenchArea = {
  title: "Member H5: initial JavaScript, hotel search, booking and my orders",
  async run({ quick, stack, log }) {
    const bundle = measureBundle(log);
    log(`initial JS ${kB(bundle.initialGzip)} gzip (${bundle.initial.length} files); first signed-in screen +${kB(bundle.screenGzip)}`);

    const size: SeedSize = quick ? { hotels: 50, rooms: 20, days: 14 } : { hotels: 500, rooms: 20, days: 14 };
    const plan: Plan = quick ? { warmup: 3, iterations: 30 } : { warmup: 20, iterations: TARGETS.samples };
    const gw = gatewayClient(stack!.baseUrl);
    const t = await benchTenant(gw, "benchmember");
    const { tenantId } = t;
    const t0 = Date.now();
    const seed = await seedHotelStatus(tenantId, size, log);
    const seedSeconds = (Date.now() - t0) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);
    const routes = await memberRoutesPart({ gw, tenantId, hotels: seed.hotels, days: size.days, quick, plan, log });
    // An unbound member (signed in, no client yet): the search serves any member of the tenant.
    const [mobileUserId] = await registerMobileUsers(tenantId, [{ userId: "bench-member", realname: "性能测试会员", mobile: "13900009999" }]);
    const token = (await openMemberSession(tenantId, mobileUserId!)).access_token;
    const authorization = `Bearer ${token}`;
    const names = (await Hotel.query.byOrder({ tenantId }).go({ pages: "all", attributes: ["hotelName"] })).data.map((h) => h.hotelName ?? "");
    if (names.length !== size.hotels) throw new Error(`member bench: ${names.length} hotels stored, ${size.hotels} seeded`);

    const checkInDate = addDays(today(), 1);
    const checkOutDate = addDays(today(), 3);
    const results = await timeSearches(
      { gw, tenantId, mobileUserId: mobileUserId!, authorization, names, stay: { checkInDate, checkOutDate, currentPage: 1, pageSize: PAGE_SIZE } },
      plan,
      log,
    );
    const booking = await routes.time();

    const checks: Check[] = [
      { what: "member H5 initial JS, gzip", target: `≤ ${kB(MAX_INITIAL_GZIP)}`, actual: kB(bundle.initialGzip), pass: bundle.initialGzip <= MAX_INITIAL_GZIP },
      ...results.map((r) => ({
        what: `p95 through the gateway: ${r.name} (${count(size.hotels, "hotel")})`,
        target: `≤ ${MAX_SEARCH_P95_MS} ms`,
        actual: `${ms(r.gateway.p95)} ms`,
        pass: r.gateway.p95 <= MAX_SEARCH_P95_MS,
      })),
      ...booking.checks,
    ];
    const perType = (type: 1 | 2) => seed.hotels.filter((h) => h.hotelType === type).length;
    return {
      dataset: `web/dist ${bundle.built ? "built by this run" : "as built before this run (sources unchanged since)"} (${count(bundle.allJs, "JS file")} in web/dist/assets, both pages); ${count(size.hotels, "enabled hotel")} (${perType(1)} club, ${perType(2)} discount) in the 6 demo stores, ${size.rooms} rooms each, ${size.days} days of room status with prices and free rooms from ${seed.first} to ${seed.last} (${(size.hotels * size.days).toLocaleString("en")} day items), seeded in ${Math.round(seedSeconds)} s; ${routes.dataset}; the search as one unbound member; stay ${checkInDate} → ${checkOutDate} (2 nights), page size ${PAGE_SIZE}; ${plan.iterations} measured calls per figure after ${plan.warmup} warm-up calls, one at a time`,
      body: [
        `### Initial JavaScript`,
        "",
        `Gzip (zlib default level, as Vite reports and servers send) of each JS file web/dist/${PAGE} loads before the first paint — its \`<script type="module">\` and \`<link rel="modulepreload">\` files and anything they import statically. The first paint is the sign-in page. Budget: ${kB(MAX_INITIAL_GZIP)} gzip in all.`,
        "",
        filesTable(bundle.initial, "initial JS, total"),
        "",
        `The first signed-in screen (no target): the lazy \`SignedIn\` shell (query client, router, screen table) and the home \`PageScreen\`, with the chunks they import that the first load lacks — ${kB(bundle.screenGzip)} gzip more${bundle.lazyInInitial ? " (**one of them is in the first load**)" : ""}:`,
        "",
        filesTable(bundle.screen, "first signed-in screen, beyond the first load"),
        "",
        `### Hotel search (\`GET ${SEARCH}\`)`,
        "",
        "Latency in milliseconds. *gateway*: HTTP request to the local gateway with the member's bearer token, reply checked on every call (a full page, or every match, each row named with the keyword and with free rooms). *service*: `authenticateMember` (token check, the tenant's gate, the mobile user when this container does not remember it) and `searchHotels` in-process. *search*: `searchHotels` alone with the member resolved (rounds of the hotel list's Query with its filters and one BatchGetItem of the candidates' room indexes and nights, until the page and one more hotel are found; then the rows). The three take turns call by call; the keyword scenario takes its keywords in turn.",
        "",
        table(
          ["scenario", " gateway p50", " gateway p95", " service p50", " service p95", " search p50", " search p95"],
          results.map((r) => [r.name, ms(r.gateway.p50), ms(r.gateway.p95), ms(r.service.p50), ms(r.service.p95), ms(r.search.p50), ms(r.search.p95)]),
        ),
        "",
        "By query: the rows of page 1 and the hotels matching, what one request through the gateway reads (every DynamoDB call made while it runs, the member's token check included, and the bytes DynamoDB Local sent back), its JSON reply, and that query's share of the gateway samples above:",
        "",
        table(
          ["scenario", "query", " rows / matching", "DynamoDB calls", " bytes from DynamoDB", " reply (JSON)", " gateway p50", " gateway p95", " samples"],
          results.flatMap((r) =>
            r.queries.map((q) => [r.name, q.label, `${q.rows} / ${q.matching}`, q.reads, kB(q.dynamoBytes), kB(q.replyBytes), ms(q.gateway.p50), ms(q.gateway.p95), q.gateway.n]),
          ),
        ),
        "",
        booking.section,
      ].join("\n"),
      checks,
    };
  },
};
