import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { SourceMap, type SourceMapPayload, type SourceMapping } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { AREAS, type AreaName } from "@xiangyu/functions/manifest";
import { MENU } from "@xiangyu/core/platform/standardMenu";
import { invoke } from "@xiangyu/functions/http/invoke";
import { apiEvent } from "@xiangyu/functions/http/event";
import { ROOT } from "./stack.ts";
import { benchTenant } from "./tenant.ts";
import { gatewayClient, replyOf } from "./http.ts";
import { buildLambda, heaviest, LAMBDAS, type Built } from "./lambdaBuild.ts";
import { table } from "./markdown.ts";
import { count, kB, median, ms } from "./stats.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * Issue 39: what a cold start costs each request-path Lambda. Each Lambda is built as deployed
 * (lambdaBuild.ts: SST's esbuild and options), written to disk and imported by a fresh Node
 * process, which then hands it its first request — for an area a real one, with the bench
 * administrator's session, on one of its cheap GET routes (the first that answers code 200 with
 * no parameters); for a job or the task runner the import alone (their first run's work depends on
 * the data, not on the cold start). Timed inside the child: the AWS SDK the bundle leaves to the
 * runtime (`@aws-sdk/*`, imported first, on its own), the bundle's own module evaluation, the first
 * request. Node's own start (the runtime's in AWS, not the function's) is shown apart.
 */
const MAX_COLD_MS = 150;
const DIR = join(ROOT, ".sst/bench/coldstart");
const run = promisify(execFile);

/**
 * What the child measures, in ms from its own start (performance.now()); `cpu`: the process's CPU
 * time (user + system, every thread) over the SDK, init and first request, which a shared
 * machine's load stretches far less than the elapsed times.
 */
type Cold = { boot: number; sdk: number; init: number; first: number; second: number; probe: number; cpu: number; status: number; code: string; rssMb: number };

const CHILD = `
const t0 = performance.now();
const c0 = process.cpuUsage();
// XY_COLD_TRACE: each HTTP call the bundle makes until its first request is answered (its DynamoDB target, a new connection), with start and end times.
const trace = process.env.XY_COLD_TRACE === "1" ? [] : null;
if (trace) for (const name of ["node:http", "node:https"]) {
  const mod = process.getBuiltinModule(name);
  const request = mod.request;
  mod.request = function (url, opts, cb) {
    const at = performance.now();
    const call = String(opts?.headers?.["x-amz-target"] ?? "").replace(/^DynamoDB_\\d+\\./, "") || String(url);
    const req = request.call(this, url, opts, (res) => {
      res.on("end", () => trace.push({ call, start: at, end: performance.now(), body: sent }));
      cb?.(res);
    });
    let sent = "";
    const end = req.end;
    req.end = function (body, ...rest) { sent = typeof body === "string" ? body.slice(0, 200) : ""; return end.call(this, body, ...rest); };
    req.on("socket", (s) => { if (s.connecting) s.once("connect", () => trace.push({ call: "(connect)", start: at, end: performance.now(), body: "" })); });
    return req;
  };
}
// XY_COLD_PROFILE_DIR: a CPU profile of the init and one of the first request, written there.
const profileDir = process.env.XY_COLD_PROFILE_DIR;
const inspector = profileDir ? new (process.getBuiltinModule("node:inspector/promises").Session)() : null;
if (inspector) { inspector.connect(); await inspector.post("Profiler.enable"); await inspector.post("Profiler.setSamplingInterval", { interval: 100 }); }
const profiled = async (name, fn) => {
  if (!inspector) return fn();
  await inspector.post("Profiler.start");
  try { return await fn(); } finally {
    const { profile } = await inspector.post("Profiler.stop");
    process.getBuiltinModule("node:fs").writeFileSync(profileDir + "/" + name + ".cpuprofile", JSON.stringify(profile));
  }
};
const externals = JSON.parse(process.env.XY_COLD_EXTERNALS);
for (const e of externals) await import(e);
const t1 = performance.now();
const mod = await profiled("init", () => import(process.env.XY_COLD_BUNDLE));
const t2 = performance.now();
const event = process.env.XY_COLD_EVENT ? JSON.parse(process.env.XY_COLD_EVENT) : null;
let r = null;
if (event) r = await profiled("first", () => mod.handler(event, { awsRequestId: "cold", functionName: "cold", getRemainingTimeInMillis: () => 30000 }));
const t3 = performance.now();
const c3 = process.cpuUsage(c0);
// The same request again, warm: what the first one cost beyond it is the cold code (V8 compiling on first call, entities built, connections opened).
if (event) await mod.handler(event, { awsRequestId: "warm", functionName: "cold", getRemainingTimeInMillis: () => 30000 });
const t4 = performance.now();
// The machine's speed at this moment: a fixed piece of plain JavaScript (sorting and copying 200,000 numbers), timed.
const p0 = performance.now();
const xs = Array.from({ length: 200000 }, (_, i) => (i * 2654435761) % 1000003);
JSON.parse(JSON.stringify(xs.sort((a, b) => a - b)));
const probe = performance.now() - p0;
let code = "";
try { code = JSON.parse(r.isBase64Encoded ? Buffer.from(r.body, "base64").toString() : r.body).code ?? ""; } catch {}
process.stdout.write("\\n@@cold " + JSON.stringify({ boot: t0, sdk: t1 - t0, init: t2 - t1, first: event ? t3 - t2 : 0, second: event ? t4 - t3 : 0, probe, cpu: (c3.user + c3.system) / 1000, status: r?.statusCode ?? 0, code: String(code), rssMb: process.memoryUsage().rss / 2 ** 20 }) + "\\n");
if (trace) process.stdout.write("@@calls " + JSON.stringify(trace.filter((c) => c.start < t3).map((c) => ({ ...c, start: c.start - t2, end: c.end - t2 }))) + "\\n");
process.exit(0);
`;

/** The packages the bundle imports at run time (left to the Lambda runtime): `import … from "@aws-sdk/x"`. */
const externalsOf = (text: string): string[] => [...new Set([...text.matchAll(/from\s*["'](@aws-sdk\/[^"']+)["']/g)].map((m) => m[1]!))].sort();

/** Inputs grouped by area folder (packages/<name>/src/<area>): what a cold start's init evaluates. */
const AREA_FOLDER = /packages\/([^/]+\/src\/[^/]+)/;

/** The bench tenant's website host: the website's pages find their tenant by it. */
const SITE_HOST = "cold.bench.localhost";

/**
 * A request of the area that answers code 200 with the administrator's session, from one of the
 * menu functions of its module (a stage's list opens only from its own screen); else the first the
 * area has, as it answers.
 */
async function firstRequest(area: AreaName, headersOf: (fn?: number) => Record<string, string>): Promise<{ route: string; event: unknown; answered: string }> {
  const routes = Object.entries(AREAS[area].routes as Record<string, { access: { auth: string; modules?: readonly string[] } }>)
    .filter(([key]) => key.startsWith("GET ") && !key.includes("{"))
    .slice(0, 12);
  let fallback: { route: string; event: unknown; answered: string } | null = null;
  for (const [key, def] of routes) {
    const path = key.slice(4);
    const fns = def.access.auth === "function" ? MENU.filter((m) => def.access.modules!.includes(m.module) && m.path).map((m) => m.id) : [undefined];
    for (const fn of fns) {
      const req = { method: "GET", url: path, headers: { host: SITE_HOST, ...headersOf(fn) }, ip: "127.0.0.1" };
      const r = await invoke(req);
      // An envelope's code; none for a page.
      const code: string = replyOf(r?.statusCode ?? 0, r!.isBase64Encoded ? Buffer.from(r!.body ?? "", "base64").toString() : (r!.body ?? "")).body?.code ?? "";
      const answered = `HTTP ${r?.statusCode}${code ? ` code ${code}` : ""}`;
      const event = apiEvent({ ...req, routeKey: key });
      if (r?.statusCode === 200 && (code === "200" || code === "")) return { route: key, event, answered };
      fallback ??= { route: key, event, answered };
    }
  }
  if (fallback) return fallback;
  // No GET route without a path parameter (the files area): its first route, parameters as 1, no body.
  const key = Object.keys(AREAS[area].routes)[0]!;
  const [method, path] = key.split(" ") as [string, string];
  const req = { method, url: path.replace(/\{[^}]+\}/g, "1"), headers: { host: SITE_HOST, ...headersOf() }, ip: "127.0.0.1" };
  const r = await invoke(req);
  return { route: key, event: apiEvent({ ...req, routeKey: key }), answered: `HTTP ${r?.statusCode}` };
}

/**
 * `XY_COLD_PROFILE=<Lambda>[,…]` (as named in the table, "area tenants"; or the bare name):
 * after its timed runs, one more run of each, CPU-profiled (init and first request apart) and with
 * every HTTP call traced, written to .sst/bench/coldstart/profile/<name>/ — report.txt lists the
 * calls (DynamoDB target, new connections) with their times, the rounds they form and where the
 * CPU went by source module and by function; init.cpuprofile and first.cpuprofile open in Chrome's
 * DevTools, bundle.mjs.map places their samples. The profiler slows that run (its figures are not
 * the table's) and a loaded machine's descheduling lands on whatever frame was running.
 * E.g. `XY_COLD_PROFILE=org npm run bench -- coldstart:org --quick`.
 */
const PROFILED = new Set((process.env.XY_COLD_PROFILE ?? "").split(",").filter(Boolean));
const profiled = (name: string) => PROFILED.has(name) || PROFILED.has(name.replace(/^\w+ /, ""));

type Traced = { call: string; start: number; end: number; body: string };
type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/**
 * Calls by sequential round: a call's round is one past the latest round among the calls answered
 * before it was sent — the longest chain of waits ending in it; calls of one round overlap.
 */
function roundsOf(calls: Traced[]): Traced[][] {
  const rounds: Traced[][] = [];
  const roundOf = new Map<Traced, number>();
  for (const c of [...calls].sort((a, b) => a.start - b.start)) {
    const r = 1 + Math.max(0, ...calls.filter((d) => d.end <= c.start && roundOf.has(d)).map((d) => roundOf.get(d)!));
    roundOf.set(c, r);
    (rounds[r - 1] ??= []).push(c);
  }
  return rounds;
}

/** Self time (ms) by source module (the bundle's source map places its samples) or Node's own file, and by function. */
function whereTimeWent(profile: CpuProfile, map: SourceMap | null, bundleUrl: string): { modules: [string, number][]; functions: [string, number][] } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const modules = new Map<string, number>();
  const functions = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber, columnNumber } = nodes.get(id)!.callFrame;
    // An empty object where the map has no entry (Node's typings say SourceMapping always).
    const entry = (url === bundleUrl ? map?.findEntry(lineNumber, columnNumber) : undefined) as Partial<SourceMapping> | undefined;
    const source = entry?.originalSource ? `${entry.originalSource.replace(/^(\.\.\/)+/, "")}:${(entry.originalLine ?? 0) + 1}` : `${url || "(native)"}:${lineNumber + 1}`;
    const where = url ? source.replace(/:\d+$/, "") : `(${functionName || "program"})`;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    modules.set(where, (modules.get(where) ?? 0) + ms);
    const fn = `${functionName || "(anonymous)"} ${source}`;
    functions.set(fn, (functions.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 25);
  return { modules: top(modules), functions: top(functions) };
}

/** One profiled, traced run of a Lambda (XY_COLD_PROFILE): its report written beside the profiles; a summary logged. */
async function profileOne(name: string, file: string, built: Built, child: string, env: Record<string, string>, log: (s: string) => void): Promise<void> {
  const dir = join(DIR, "profile", name.replace(/\W+/g, "-"));
  mkdirSync(dir, { recursive: true });
  const { stdout } = await run(process.execPath, [child], { cwd: DIR, env: { ...process.env, ...env, XY_COLD_TRACE: "1", XY_COLD_PROFILE_DIR: dir }, maxBuffer: 16 * 2 ** 20 });
  const calls = JSON.parse(
    stdout
      .split("\n")
      .find((x) => x.startsWith("@@calls "))!
      .slice(8),
  ) as Traced[];
  const rounds = roundsOf(calls.filter((c) => c.call !== "(connect)"));
  const at = (c: Traced) => `${ms(c.start)}–${ms(c.end)} ms ${c.call} ${c.body}`;
  const lines = [
    `${name}: ${count(calls.length, "HTTP call")} (connections included) in ${count(rounds.length, "round")}, times from the first request's start (negative: during init)`,
    ...calls.map(at),
    "",
  ];
  rounds.forEach((r, i) => lines.push(`round ${i + 1}: ${r.map((c) => c.call).join(", ")}`));
  for (const part of ["init", "first"]) {
    const profile = JSON.parse(readFileSync(join(dir, `${part}.cpuprofile`), "utf8")) as CpuProfile;
    const { modules, functions } = whereTimeWent(profile, built.map ? new SourceMap(JSON.parse(built.map) as SourceMapPayload) : null, pathToFileURL(file).href);
    lines.push("", `${part}: self time by module (ms)`, ...modules.map(([m, t]) => `${ms(t).padStart(7)} ${m}`));
    lines.push("", `${part}: self time by function (ms)`, ...functions.map(([f, t]) => `${ms(t).padStart(7)} ${f}`));
  }
  writeFileSync(join(dir, "report.txt"), lines.join("\n") + "\n");
  if (built.map) writeFileSync(join(dir, "bundle.mjs.map"), built.map);
  log(`${name}: profiled — ${count(calls.filter((c) => c.call !== "(connect)").length, "call")} in ${count(rounds.length, "round")}; ${join(dir, "report.txt")}`);
}

/** `cold`: the run with the median total; `best`: the lowest total (the closest to a quiet machine). */
type Row = { name: string; bytes: number; route: string; answered: string; cold: Cold; best: number; probes: number[]; externals: string[]; heaviest: string };
const totalOf = (c: Cold) => c.sdk + c.init + c.first;

/** One Lambda: built as deployed, written, started `runs` times in a fresh process; the run with the median total. */
async function measureOne(l: (typeof LAMBDAS)[number], runs: number, child: string, headersOf: (fn?: number) => Record<string, string>, log: (s: string) => void): Promise<Row> {
  const built = await buildLambda(l.handler);
  const file = join(DIR, `${l.name.replace(/\W+/g, "-")}.mjs`);
  writeFileSync(file, built.text);
  const externals = externalsOf(built.text);
  const areaName = l.name.startsWith("area ") ? (l.name.slice(5) as AreaName) : null;
  const first = areaName ? await firstRequest(areaName, headersOf) : null;
  const samples: Cold[] = [];
  const env = { XY_COLD_BUNDLE: pathToFileURL(file).href, XY_COLD_EXTERNALS: JSON.stringify(externals), XY_COLD_EVENT: first ? JSON.stringify(first.event) : "" };
  for (let i = 0; i < runs; i++) {
    const { stdout } = await run(process.execPath, [child], { cwd: DIR, env: { ...process.env, ...env }, maxBuffer: 16 * 2 ** 20 });
    const line = stdout.split("\n").find((x) => x.startsWith("@@cold "));
    if (!line) throw new Error(`coldstart: ${l.name} printed no figures:\n${stdout.slice(-500)}`);
    samples.push(JSON.parse(line.slice(7)) as Cold);
  }
  // The run whose total is the median: its parts add up.
  const mid = median(samples.map(totalOf));
  const cold = samples.find((c) => totalOf(c) === mid)!;
  if (profiled(l.name)) await profileOne(l.name, file, built, child, env, log);
  log(
    `${l.name}: ${kB(built.bytes)}, SDK ${ms(cold.sdk)} + init ${ms(cold.init)} + first ${ms(cold.first)} = ${ms(mid)} ms (CPU ${ms(cold.cpu)} ms; the request again ${ms(cold.second)} ms)`,
  );
  return {
    name: l.name,
    bytes: built.bytes,
    route: first?.route ?? "(import only)",
    answered: first ? `HTTP ${cold.status}${cold.code ? ` code ${cold.code}` : ""}` : "",
    cold,
    best: Math.min(...samples.map(totalOf)),
    probes: samples.map((c) => c.probe),
    externals,
    heaviest: heaviest(built.metafile, 5, AREA_FOLDER),
  };
}

/** The speed probe over every start of every Lambda: how fast the machine was across the run. */
function speedLine(rows: Row[]): string {
  const all = rows.flatMap((r) => r.probes).sort((a, b) => a - b);
  return `Speed probe over all ${all.length} runs: fastest ${ms(all[0]!)} ms, median ${ms(median(all))}, slowest ${ms(all[all.length - 1]!)} (the same work each time).`;
}

function report(rows: Row[]): { body: string; checks: Check[] } {
  const areas = rows.filter((r) => r.name.startsWith("area "));
  const over = rows.filter((r) => totalOf(r.cold) > MAX_COLD_MS);
  const worst = rows.reduce((a, b) => (totalOf(b.cold) > totalOf(a.cold) ? b : a));
  const unauthenticated = areas.filter((r) => !/code 200|HTTP 200$/.test(r.answered));
  const checks: Check[] = [
    {
      what: `every request-path Lambda: SDK + init + first request (worst: ${worst.name})`,
      target: `≤ ${MAX_COLD_MS} ms`,
      actual: over.length ? `${over.length} of ${rows.length} over; worst ${ms(totalOf(worst.cold))} ms` : `${ms(totalOf(worst.cold))} ms`,
      pass: over.length === 0,
    },
  ];
  const body = [
    "Milliseconds, measured inside a fresh Node process (`.sst/bench/coldstart/child.mjs`). *SDK*: the `@aws-sdk/*` packages the bundle leaves to the Lambda runtime, imported first on their own (in AWS they come from the runtime's disk, here from node_modules). *init*: importing the bundle — its module evaluation, everything done at module level. *first request*: the handler given one API Gateway v2 event — the route named, with the administrator's bearer token and a function of the route's module (the first GET route of the area without path parameters that answers code 200, else the first one, as it answers: a member's route answers 401 to a staff token and a platform route 403 to a tenant's administrator, which still runs the adapter, the token and session check but reads no data). *second*: the same request once more in the same process (not counted): what the first costs beyond it is cold code — V8 compiling each function on its first call, the entities the request touches built on first use, connections opened — the rest is the request's own round trips to DynamoDB Local (V8 is still tiering up, so later repeats are a little faster still). Jobs and the task runner are imported only. *cold* = SDK + init + first request of the median run, against the 150 ms target; *best of runs*: the lowest cold of the runs, the nearest this machine came to a quiet one; *CPU*: the child's CPU time (user + system, all threads) over the same three parts of that run, which the machine's load stretches far less than the elapsed figures; *speed probe*: the same fixed piece of plain JavaScript (sorting and copying 200,000 numbers) timed in the child after the requests — how fast the machine was at that moment, the same work every time; *Node start*: the process's own start before the first line (the runtime's in AWS, not counted). DynamoDB Local answers on this machine.",
    "",
    table(
      [
        "Lambda",
        " bundle",
        " Node start",
        " SDK",
        " init",
        " first request",
        " second",
        " cold",
        " best of runs",
        " CPU",
        " speed probe",
        "result",
        "first request",
        "answered",
        "SDK packages",
      ],
      rows.map((r) => [
        r.name,
        kB(r.bytes),
        ms(r.cold.boot),
        ms(r.cold.sdk),
        ms(r.cold.init),
        r.route === "(import only)" ? "–" : ms(r.cold.first),
        r.route === "(import only)" ? "–" : ms(r.cold.second),
        ms(totalOf(r.cold)),
        ms(r.best),
        ms(r.cold.cpu),
        ms(r.cold.probe),
        totalOf(r.cold) > MAX_COLD_MS ? "**over**" : "ok",
        `\`${r.route}\``,
        r.answered,
        r.externals.map((e) => e.replace("@aws-sdk/", "")).join(", "),
      ]),
    ),
    "",
    speedLine(rows),
    "",
    unauthenticated.length
      ? `Areas whose first request is not a 200 with data (no cheap GET route a tenant's administrator may call): ${unauthenticated.map((r) => `${r.name.replace(/^area /, "")} (${r.answered})`).join(", ")}.`
      : "Every area's first request answered code 200.",
    "",
    "What each Lambda over target evaluates at init (its largest inputs, as deployed):",
    "",
    over.length
      ? table(
          ["Lambda", " init", "largest inputs"],
          over.map((r) => [r.name, ms(r.cold.init), r.heaviest]),
        )
      : "None over target.",
  ].join("\n");
  return { body, checks };
}

export const area: BenchArea = {
  title: "Cold starts: each request-path Lambda's import and first request",
  async run({ quick, parts, stack, log }) {
    const runs = quick ? 1 : 5;
    // The platform tenant with a website: its administrator is a platform operator, so the operator's
    // areas (tenants, platformConfig) answer their first request instead of refusing it, and the
    // website's pages find their tenant by the host.
    const t = await benchTenant(gatewayClient(stack!.baseUrl), "benchcold", { platform: true, domain: SITE_HOST });
    const headersOf = (fn?: number) => ({ authorization: `Bearer ${t.token}`, ...(fn ? { functionid: String(fn) } : {}) });
    mkdirSync(DIR, { recursive: true });
    const child = join(DIR, "child.mjs");
    writeFileSync(child, CHILD);
    const rows: Row[] = [];
    // `coldstart:tenants,org` measures only those (names as in the table, without "area ").
    const named = LAMBDAS.filter((x) => x.budgeted && (!parts.length || parts.includes(x.name.replace(/^\w+ /, ""))));
    for (const l of named.slice(0, quick ? 6 : undefined)) rows.push(await measureOne(l, runs, child, headersOf, log));
    const { body, checks } = report(rows);
    return {
      dataset: `${count(rows.length, "Lambda")} (the areas of packages/functions/src/manifest.ts, the jobs and the task runner), each built as deployed and started ${count(runs, "time")} in a fresh Node ${process.version} process (figures of the run with the median total); tenant \`benchcold\` (provisioned as the platform tenant, so its administrator is a platform operator, with the website's host \`${SITE_HOST}\`), its administrator signed in`,
      checks,
      body,
    };
  },
};
