import { cpus, totalmem, platform, loadavg } from "node:os";
import { join } from "node:path";
import { startStack, ROOT, type Stack } from "./stack.ts";
import { writeSection, checksTable } from "./markdown.ts";
import type { AreaEntry, Check } from "./types.ts";

/**
 * `npm run bench [-- <area...>] [--quick]`: runs each area's bench (every area but the scale
 * curve when none is named, each area in its own tenant, one product start for all) and writes its
 * section of docs/performance.md (replacing that area's previous run). --quick is a smoke run at a
 * small size: it prints its sections and leaves the document alone. Targets: ./targets.ts.
 *
 * A new area adds packages/local/src/bench/<area>.ts exporting `area` and one line here.
 */
const REGISTRY: AreaEntry[] = [
  { name: "gateway", stack: true, load: () => import("./gateway.ts") },
  { name: "hotels", stack: true, load: () => import("./hotels.ts") },
  { name: "clients", stack: true, load: () => import("./clients.ts") },
  // Issue 37: a 200,000-row customer import with a hand-over every 20,000 rows.
  { name: "import", stack: true, load: () => import("./importBench.ts") },
  // Issue 37: a tenant of 200,000 clients and 300,000 orders removed beside another of the same size.
  { name: "removal", stack: true, load: () => import("./removal.ts") },
  { name: "orders", stack: true, load: () => import("./orders.ts") },
  { name: "vouchers", stack: true, load: () => import("./vouchers.ts") },
  { name: "weeks", stack: true, load: () => import("./weeks.ts") },
  { name: "sessions", stack: true, load: () => import("./sessions.ts") },
  { name: "finance", stack: true, load: () => import("./finance.ts") },
  { name: "workorders", stack: true, load: () => import("./workorders.ts") },
  { name: "goods", stack: true, load: () => import("./goods.ts") },
  // Hours at full size (10× today's orders, clients, log and hotels): run it on its own.
  { name: "scale", stack: true, load: () => import("./scale.ts"), alone: true },
  { name: "bundles", stack: false, load: () => import("./bundles.ts") },
  { name: "console", stack: false, load: () => import("./console.ts") },
  { name: "website", stack: true, load: () => import("./website.ts") },
  { name: "lottery", stack: true, load: () => import("./lottery.ts") },
  { name: "pages", stack: true, load: () => import("./pages.ts") },
  { name: "member", stack: true, load: () => import("./member.ts") },
  { name: "workbench", stack: true, load: () => import("./workbench.ts") },
  // Issue 39: the staff mix at 1, 4, 16 and 64 in flight beside the DynamoDB Local floor; run it by name.
  { name: "load", stack: true, load: () => import("./load.ts"), alone: true },
  // Issue 39: each request-path Lambda's bundle imported in a fresh process, plus its first request.
  { name: "coldstart", stack: true, load: () => import("./coldStart.ts"), alone: true },
];

const DOC = join(ROOT, "docs/performance.md");
const t0 = Date.now();
const log = (s: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)}s] ${s}`);

/** `area` or `area:part,part` (an area that has parts, e.g. `scale:orders,oplog`, runs only those). */
function parseArgs(argv: string[]): { quick: boolean; areas: AreaEntry[]; parts: Map<string, string[]> } {
  const flags = argv.filter((a) => a.startsWith("--"));
  if (flags.some((f) => f !== "--quick")) throw new Error(`unknown option ${flags.filter((f) => f !== "--quick").join(", ")}; known: --quick`);
  const quick = flags.includes("--quick");
  const named = argv.filter((a) => !a.startsWith("--")).map((a) => a.split(":"));
  const names = named.map(([n]) => n!);
  const parts = new Map(named.filter((a) => a[1]).map(([n, p]) => [n!, p!.split(",").filter(Boolean)]));
  const unknown = names.filter((n) => !REGISTRY.some((a) => a.name === n));
  if (unknown.length) throw new Error(`unknown bench area ${unknown.join(", ")}; known: ${REGISTRY.map((a) => a.name).join(", ")}`);
  return { quick, parts, areas: names.length ? REGISTRY.filter((a) => names.includes(a.name)) : REGISTRY.filter((a) => !a.alone) };
}

const machine = () => `${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, ${platform()}, Node ${process.version}`;

async function main() {
  const { quick, areas, parts } = parseArgs(process.argv.slice(2));
  log(`bench ${areas.map((a) => a.name).join(", ")}${quick ? " (quick)" : ""} on ${machine()}`);
  let stack: Stack | null = null;
  const missed: Check[] = [];
  let failed = 0;
  try {
    if (areas.some((a) => a.stack)) stack = await startStack(log);
    for (const entry of areas) {
      const started = Date.now();
      const loadBefore = loadavg()[0];
      log(`── ${entry.name}`);
      try {
        const { area } = await entry.load();
        const only = parts.get(entry.name) ?? [];
        const s = await area.run({ quick, parts: only, stack: entry.stack ? stack : null, log: (m) => log(`${entry.name}: ${m}`) });
        const markdown = [
          `## ${area.title}`,
          "",
          `Run ${new Date().toISOString().slice(0, 10)} with \`npm run bench -- ${entry.name}${only.length ? `:${only.join(",")}` : ""}${quick ? " --quick" : ""}\` in ${Math.round((Date.now() - started) / 1000)} s. Machine: ${machine()}; load average (1 min) ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after. Dataset: ${s.dataset}.`,
          "",
          ...(s.checks.length ? [checksTable(s.checks), ""] : []),
          s.body,
        ].join("\n");
        if (quick) console.log(`\n${markdown}\n`);
        else writeSection(DOC, entry.name, markdown);
        missed.push(...s.checks.filter((c) => !c.pass));
        log(`── ${entry.name} done in ${((Date.now() - started) / 1000).toFixed(1)} s${quick ? "" : " → docs/performance.md"}`);
      } catch (e) {
        failed++;
        log(`── ${entry.name} FAILED: ${(e as Error)?.stack ?? e}`);
      }
    }
  } finally {
    await stack?.stop();
  }
  for (const c of missed) log(`target missed: ${c.what}: ${c.actual} (goal ${c.target})`);
  log(`finished${failed ? ` with ${failed} area(s) failing` : ""}`);
  // Missed targets are findings to report, not a broken bench: only a failing area fails the run.
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e?.message ?? e);
  process.exit(1);
});
