import { build, type Metafile } from "esbuild";
import { TARGETS } from "./targets.ts";
import { join } from "node:path";
import { AREAS, JOBS } from "@xiangyu/functions/manifest";
import { ROOT } from "./stack.ts";
import { table } from "./markdown.ts";
import { count, kB } from "./stats.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * The minified size of every Lambda: each area's handler and each job, bundled the way SST
 * bundles an ESM function for Node 20, with the AWS SDK v3 left out because the Lambda runtime
 * ships it.
 */
export const MAX_BUNDLE_BYTES = TARGETS.lambdaBytes;

/** SST's ESM banner: lets bundled CommonJS code `require` Node built-ins. */
const BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  `const require = topLevelCreateRequire(import.meta.url);`,
  `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
  `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
].join("\n");

/** "packages/functions/src/auth/handler.handler" → the source file. */
const sourceOf = (handler: string) => join(ROOT, handler.replace(/\.[^./]+$/, ".ts"));

async function bundle(entry: string, keepNames: boolean) {
  const r = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    keepNames,
    platform: "node",
    target: "node20",
    format: "esm",
    mainFields: ["module", "main"],
    external: ["@aws-sdk/*"],
    // The same bundle-only stand-ins as stacks/lambda.ts.
    alias: { jsonschema: join(ROOT, "packages/functions/src/bundle/jsonschema.cjs") },
    banner: { js: BANNER },
    write: false,
    metafile: true,
    outfile: "out.mjs",
    logLevel: "silent",
  });
  return { bytes: r.outputFiles.find((f) => f.path.endsWith(".mjs"))!.contents.byteLength, metafile: r.metafile };
}

/** Bytes in the output by package (node_modules/<pkg>) or workspace (packages/<name>). */
function heaviest(meta: Metafile, top = 4): string {
  const by = new Map<string, number>();
  for (const out of Object.values(meta.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(out.inputs)) {
      const m = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/) ?? path.match(/(packages\/[^/]+)/);
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

export const area: BenchArea = {
  title: "Lambda bundles",
  async run({ log }) {
    const lambdas = [
      ...Object.entries(AREAS).map(([name, a]) => ({ name: `area ${name}`, handler: a.handler })),
      ...JOBS.map((j) => ({ name: `job ${j.name}`, handler: j.handler })),
    ];
    const rows: Array<{ name: string; bytes: number; named: number; heaviest: string }> = [];
    for (const l of lambdas) {
      const entry = sourceOf(l.handler);
      const [plain, named] = await Promise.all([bundle(entry, false), bundle(entry, true)]);
      rows.push({ name: l.name, bytes: plain.bytes, named: named.bytes, heaviest: heaviest(plain.metafile) });
      log(`${l.name}: ${kB(plain.bytes)}`);
    }
    const over = rows.filter((r) => r.bytes > MAX_BUNDLE_BYTES);
    const largest = rows.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const checks: Check[] = [
      {
        what: `every Lambda bundle minified (largest: ${largest.name})`,
        target: `≤ ${kB(MAX_BUNDLE_BYTES)}`,
        actual: over.length ? `${over.length} over: ${over.map((r) => `${r.name} ${kB(r.bytes)}`).join(", ")}` : kB(largest.bytes),
        pass: over.length === 0,
      },
    ];
    return {
      dataset: `${count(rows.length, "Lambda")}: ${count(Object.keys(AREAS).length, "area")} of packages/functions/src/manifest.ts and ${count(JOBS.length, "job")}`,
      body: [
        "esbuild: bundle, minify, platform node, target node20, format esm, `mainFields` module → main and the `createRequire` banner as SST uses for ESM, `@aws-sdk/*` external (the Node 20 Lambda runtime ships AWS SDK v3, so it is not in the zip). *with keepNames* is the same build with esbuild's `keepNames`, which SST turns on by default. Budget per bundle: 300 kB minified (1 kB = 1,000 bytes).",
        "",
        table(
          ["Lambda", " minified", " with keepNames", "budget", "largest parts"],
          rows.map((r) => [r.name, kB(r.bytes), kB(r.named), r.bytes > MAX_BUNDLE_BYTES ? "**over**" : "ok", r.heaviest]),
        ),
      ].join("\n"),
      checks,
    };
  },
};
