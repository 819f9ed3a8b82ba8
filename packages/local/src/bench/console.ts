import { spawnSync } from "node:child_process";
import { TARGETS } from "./targets.ts";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "./stack.ts";
import { table } from "./markdown.ts";
import { count, kB } from "./stats.ts";
import type { BenchArea } from "./types.ts";

/**
 * What a browser must download before the console can draw: the JS that web/dist/index.html
 * loads at once (its module script and its modulepreload links), gzipped as a server sends it.
 */
export const MAX_INITIAL_JS_GZIP = TARGETS.consoleInitialGzipBytes;
const WEB = join(ROOT, "web");
export const DIST = join(WEB, "dist");

const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
    const p = join(dir, e.name);
    return Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);

/**
 * Builds web (both pages) when `page`'s build (web/dist/<page>) is missing or its sources (web/src,
 * web/<page>) changed since; false when it was fresh. The console's page by default; the member
 * H5's is `m/index.html`.
 */
export function ensureBuild(log: (s: string) => void, page = "index.html", what = "the console"): boolean {
  const index = join(DIST, page);
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(newest(join(WEB, "src")), statSync(join(WEB, page)).mtimeMs)) return false;
  log(`building ${what} (npm run build -w web)`);
  const r = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  if (r.status !== 0) throw new Error(`npm run build -w web failed:\n${r.stderr}`);
  return true;
}

/** The JS files index.html loads at once, as paths inside dist, and how it loads each. */
export function initialScripts(html: string): Array<{ file: string; how: "module script" | "modulepreload" }> {
  const found = new Map<string, "module script" | "modulepreload">();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = /^<script/.test(tag) && /type="module"/.test(tag);
    const isPreload = /^<link/.test(tag) && /rel="modulepreload"/.test(tag);
    const url = tag.match(/\b(?:src|href)="([^"]+)"/)?.[1];
    if ((isModule || isPreload) && url && !/^https?:/.test(url)) found.set(url.replace(/^\//, ""), isModule ? "module script" : "modulepreload");
  }
  return [...found].map(([file, how]) => ({ file, how }));
}

/** The page designer (/custompage) is its own chunk; opening it may download at most this much JS, gzip, beyond the first load. */
export const MAX_DESIGNER_GZIP = 80_000;

/** The chunk a dynamic import names, found by the entry's file name (Vite names chunks after their module). */
export const chunkOf = (assets: string[], name: string) => assets.find((f) => f.startsWith(`${name}-`) && f.endsWith(".js"));

/** `file` and every chunk it imports statically, transitively (the `from"./x.js"` of Rollup's output). */
export function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const body = readFileSync(join(DIST, "assets", file), "utf8");
  for (const m of body.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) staticClosure(m[1]!, seen);
  return seen;
}

/**
 * What opening the page designer costs: its chunk (the canvas, palette, panels) and the chunks it
 * imports that the first load does not already hold (dnd-kit with the picture uploader, the JSON
 * and rich-text fields' shells), gzipped. The chunk must not be among the first load's files.
 */
function designerCost(initial: string[]) {
  const assets = readdirSync(join(DIST, "assets"));
  const chunk = chunkOf(assets, "DesignerScreen");
  if (!chunk) throw new Error("web/dist has no DesignerScreen chunk: is /custompage still a lazy import in web/src/areas/pages/screens.ts?");
  const gz = (f: string) => gzipSync(readFileSync(join(DIST, "assets", f))).byteLength;
  const extra = [...staticClosure(chunk)].filter((f) => !initial.includes(`assets/${f}`));
  return { chunk, chunkGzip: gz(chunk), extra, extraGzip: extra.reduce((t, f) => t + gz(f), 0), inInitial: initial.includes(`assets/${chunk}`) };
}

export const area: BenchArea = {
  title: "Console initial JavaScript",
  async run({ log }) {
    const built = ensureBuild(log);
    const files = initialScripts(readFileSync(join(DIST, "index.html"), "utf8"));
    if (!files.length) throw new Error("web/dist/index.html loads no module script");
    const rows = files.map(({ file, how }) => {
      const body = readFileSync(join(DIST, file));
      return { file, how, raw: body.byteLength, gzip: gzipSync(body).byteLength };
    });
    const total = rows.reduce((s, r) => s + r.gzip, 0);
    const allJs = readdirSync(join(DIST, "assets")).filter((f) => f.endsWith(".js"));
    const lazy = allJs.filter((f) => !files.some((i) => i.file === `assets/${f}`));
    const designer = designerCost(files.map((f) => f.file));
    return {
      dataset: `web/dist ${built ? "built by this run" : "as built before this run (sources unchanged since)"}; ${count(allJs.length, "JS file")} in web/dist/assets, ${lazy.length} of them loaded later (by route)`,
      body: [
        `Gzip (zlib default level, as Vite reports and servers send) of each JS file web/dist/index.html loads before the first paint — its \`<script type="module">\` and \`<link rel="modulepreload">\` files. Budget: ${kB(MAX_INITIAL_JS_GZIP)} gzip in all (the product's target).`,
        "",
        table(
          ["file", "loaded by", " minified", " gzip"],
          [...rows.map((r) => [r.file, r.how, kB(r.raw), kB(r.gzip)]), ["**initial JS, total**", "", kB(rows.reduce((s, r) => s + r.raw, 0)), `**${kB(total)}**`]],
        ),
        "",
        `The page designer (\`/custompage\`) loads when it is opened: its chunk \`${designer.chunk}\` is ${kB(designer.chunkGzip)} gzip; with the chunks it imports that the first load lacks (${designer.extra.map((f) => `\`${f}\``).join(", ")}) opening it downloads ${kB(designer.extraGzip)} gzip. Budget: ${kB(MAX_DESIGNER_GZIP)}.`,
      ].join("\n"),
      checks: [
        { what: "console initial JS, gzip", target: `≤ ${kB(MAX_INITIAL_JS_GZIP)}`, actual: kB(total), pass: total <= MAX_INITIAL_JS_GZIP },
        { what: "page designer chunk not in the first load", target: "lazy", actual: designer.inInitial ? "in the first load" : "lazy", pass: !designer.inInitial },
        { what: "opening the page designer, gzip", target: `≤ ${kB(MAX_DESIGNER_GZIP)}`, actual: kB(designer.extraGzip), pass: designer.extraGzip <= MAX_DESIGNER_GZIP },
      ],
    };
  },
};
