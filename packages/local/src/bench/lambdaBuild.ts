import { createRequire } from "node:module";
import { join, parse, resolve } from "node:path";
import type { BuildOptions, Metafile } from "esbuild";
import { kB } from "./stats.ts";
import { AREAS, JOBS } from "@xiangyu/functions/manifest";
import { taskRunnerDef } from "@xiangyu/functions/jobs/taskRunnerDef";
import { importWorker } from "@xiangyu/functions/clientImport/routes";
import { tenantWorker } from "@xiangyu/functions/platform/tenantWorker";
import { monthWorkerDef } from "@xiangyu/functions/jobs/monthWorkerDef";
import { nodejsBuild, type NodejsBuild } from "@xiangyu/functions/bundle/build";

/** The repository (this file is packages/local/src/bench/). */
const ROOT = resolve(import.meta.dirname, "../../../..");

/**
 * Every Lambda the stacks deploy, from the same facts the stacks read: the manifest's areas and
 * jobs, the task runner and the month worker (stacks/Jobs.ts) and the two workers (stacks/Api.ts). Areas answer API
 * requests and jobs run every minute or so, each with a cold start on the way, so they are held
 * to the product's budget; the workers run minutes-long background work (the customer import
 * reads a spreadsheet with exceljs) after the request has been answered, so their size is shown
 * but not budgeted. infra-tests check that this list is exactly the stack's Lambdas.
 */
export type BenchLambda = { name: string; handler: string; budgeted: boolean };
export const LAMBDAS: BenchLambda[] = [
  ...Object.entries(AREAS).map(([name, a]) => ({ name: `area ${name}`, handler: a.handler, budgeted: true })),
  ...JOBS.map((j) => ({ name: `job ${j.name}`, handler: j.handler, budgeted: true })),
  { name: `job ${taskRunnerDef.name}`, handler: taskRunnerDef.handler, budgeted: true },
  { name: "worker clientImport", handler: importWorker.handler, budgeted: false },
  { name: "worker tenantRemoval", handler: tenantWorker.handler, budgeted: false },
  // The month job's worker: one tenant's month in seconds, budgeted like the jobs.
  { name: "worker month", handler: monthWorkerDef.handler, budgeted: true },
];

/**
 * SST's own esbuild (SST pins its version, 0.18 for SST 2.49, older than the repository's): the
 * same options give a few kB more or less under another esbuild, so the bench asks SST's.
 */
const sstEsbuild = (): typeof import("esbuild") => createRequire(join(ROOT, "node_modules/sst/runtime/handlers/node.js"))("esbuild");

/** SST's ESM banner: lets bundled CommonJS code `require` Node built-ins and read `__dirname`. */
const SST_BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  `const require = topLevelCreateRequire(import.meta.url);`,
  `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
  `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
];

/**
 * The esbuild options SST 2.49.8 builds an ESM Node function with at deploy
 * (node_modules/sst/runtime/handlers/node.js, `build`), given the stack's `nodejs` props: keepNames
 * always on, target esnext whatever the runtime, SST's banner before ours, a linked source map
 * (SST uploads the map apart, so the bundle keeps only its `sourceMappingURL` line) and the
 * stack's esbuild options last, over SST's.
 */
function sstBuildOptions(handler: string, nodejs: NodejsBuild): BuildOptions {
  if (nodejs.format !== "esm") throw new Error("the bench mirrors SST's ESM build only");
  const parsed = parse(handler);
  const { external, ...override } = nodejs.esbuild;
  return {
    entryPoints: [join(ROOT, parsed.dir, `${parsed.name}.ts`)],
    platform: "node",
    external: ["sharp", "pg-native", ...(nodejs.install ?? []), ...external],
    keepNames: true,
    bundle: true,
    logLevel: "silent",
    metafile: true,
    format: "esm",
    target: "esnext",
    mainFields: ["module", "main"],
    banner: { js: [...SST_BANNER, nodejs.banner ?? ""].join("\n") },
    // SST names the file after the handler's module: the name is in the sourceMappingURL line.
    outfile: join(ROOT, ".sst/bench", parsed.dir, `${parsed.name.replace(".", "-")}.mjs`),
    sourcemap: nodejs.sourcemap !== false,
    minify: nodejs.minify,
    ...override,
  };
}

/** `map`: the bundle's source map (coldStart.ts places a profile's samples by it). */
export type Built = { bytes: number; text: string; metafile: Metafile; map?: string };

/**
 * One Lambda's bundle as `sst deploy` builds it from stacks/lambda.ts's settings, in memory.
 * `keepNames: false` gives the figure without keepNames, to show what keepNames costs.
 */
export async function buildLambda(handler: string, opts: { keepNames?: boolean } = {}): Promise<Built> {
  const options = sstBuildOptions(handler, nodejsBuild(ROOT));
  const r = await sstEsbuild().build({ ...options, ...(opts.keepNames === false ? { keepNames: false } : {}), write: false });
  const out = r.outputFiles.find((f) => f.path.endsWith(".mjs"));
  if (!out || !r.metafile) throw new Error(`${handler}: esbuild wrote no bundle`);
  return { bytes: out.contents.byteLength, text: out.text, metafile: r.metafile, map: r.outputFiles.find((f) => f.path.endsWith(".mjs.map"))?.text };
}

/** The biggest inputs of a bundle: by package (node_modules/<pkg>) or by `workspace` folder (packages/<name> unless given). */
export function heaviest(meta: Metafile, top = 4, workspace = /(packages\/[^/]+)/): string {
  const by = new Map<string, number>();
  for (const out of Object.values(meta.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(out.inputs)) {
      const m = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/) ?? path.match(workspace);
      const key = m?.[1] ?? path;
      by.set(key, (by.get(key) ?? 0) + bytesInOutput);
    }
  }
  return [...by.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${k} ${kB(v)}`)
    .join(", ");
}
