import { TARGETS } from "./targets.ts";
import { buildLambda, heaviest, LAMBDAS } from "./lambdaBuild.ts";
import { table } from "./markdown.ts";
import { count, kB } from "./stats.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * The size of every Lambda as `sst deploy` builds it (lambdaBuild.ts: SST's own esbuild and
 * options with the stack's settings, keepNames included), checked against the product's budget
 * for the Lambdas on the request path; the workers' sizes are shown without it.
 */
const MAX_BUNDLE_BYTES = TARGETS.lambdaBytes;

export const area: BenchArea = {
  title: "Lambda bundles",
  async run({ log }) {
    const rows: Array<{ name: string; budgeted: boolean; bytes: number; plain: number; heaviest: string }> = [];
    for (const l of LAMBDAS) {
      const [deployed, plain] = await Promise.all([buildLambda(l.handler), buildLambda(l.handler, { keepNames: false })]);
      rows.push({ name: l.name, budgeted: l.budgeted, bytes: deployed.bytes, plain: plain.bytes, heaviest: heaviest(deployed.metafile) });
      log(`${l.name}: ${kB(deployed.bytes)}`);
    }
    const budgeted = rows.filter((r) => r.budgeted);
    const over = budgeted.filter((r) => r.bytes > MAX_BUNDLE_BYTES);
    const largest = budgeted.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const checks: Check[] = [
      {
        what: `every request-path Lambda as deployed (largest: ${largest.name})`,
        target: `≤ ${kB(MAX_BUNDLE_BYTES)}`,
        actual: over.length ? `${over.length} over: ${over.map((r) => `${r.name} ${kB(r.bytes)}`).join(", ")}` : kB(largest.bytes),
        pass: over.length === 0,
      },
    ];
    const workers = rows.length - budgeted.length;
    return {
      dataset: `${count(rows.length, "Lambda")}: the ${count(budgeted.length, "request-path Lambda")} (areas of packages/functions/src/manifest.ts, its jobs and the task runner) and ${count(workers, "worker")}`,
      body: [
        "*as deployed*: the bundle `sst deploy` writes, built with SST's own esbuild and its Node ESM options (keepNames, target esnext, `mainFields` module → main, its `createRequire` banner, a linked source map left out of the zip) and the stack's settings (`packages/functions/src/bundle/build.ts`: minify, `@aws-sdk/*` external since the Node runtime ships AWS SDK v3, the bundle-only aliases); infra-tests check it equals the deployed file byte for byte. *without keepNames*: the same build without it, to show what keepNames costs. Budget: 300 kB as deployed (1 kB = 1,000 bytes) for every Lambda on the request path — areas, jobs and the task runner, each with a cold start in its way; workers (long background work after the request was answered) are listed without it.",
        "",
        table(
          ["Lambda", " as deployed", " without keepNames", "budget", "largest parts (as deployed)"],
          rows.map((r) => [r.name, kB(r.bytes), kB(r.plain), !r.budgeted ? "worker, none" : r.bytes > MAX_BUNDLE_BYTES ? "**over**" : "ok", r.heaviest]),
        ),
      ].join("\n"),
      checks,
    };
  },
};
