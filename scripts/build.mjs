// Builds the console (web/) and the website (site/), always as production bundles.
//
//   node scripts/build.mjs                 npm start: each one that is older than its sources
//   node scripts/build.mjs --force         npm run build: both
//   node scripts/build.mjs --force web     one of them (the stacks' StaticSite build commands)
//   options passed on to `vite build`:     --base=/ (the website at the root of its own domain),
//                                          --out-dir=<dir> (a build elsewhere than <ws>/dist)
//
// NODE_ENV is production whatever the caller's environment: Vite keeps a NODE_ENV it finds, so a
// build started from vitest (NODE_ENV=test, e.g. SST's synth in the infra tests) or from a shell
// with NODE_ENV=development would otherwise ship React's development build — bigger, slower, and
// with its warnings in the users' consoles.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const force = args.includes("--force");
const named = args.filter((a) => a === "web" || a === "site");
const base = args.find((a) => a.startsWith("--base="));
const outDir = args.find((a) => a.startsWith("--out-dir="))?.slice("--out-dir=".length);
const unknown = args.filter((a) => !["--force", "web", "site"].includes(a) && a !== base && !a.startsWith("--out-dir="));
if (unknown.length) throw new Error(`build.mjs: unknown argument ${unknown.join(" ")}`);

const newest = (dir) => {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name === "dist" || e.name === "e2e") continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

/** The environment of every build: the caller's, with NODE_ENV forced to production. */
const buildEnvironment = (env = process.env) => ({ ...env, NODE_ENV: "production" });

for (const ws of named.length ? named : ["web", "site"]) {
  const dir = join(root, ws);
  const built = join(outDir ? resolve(outDir) : join(dir, "dist"), "index.html");
  // The console also compiles shared schemas from packages/core.
  const sources = Math.max(newest(dir), ws === "web" ? newest(join(root, "packages/core/src")) : 0);
  if (force || !existsSync(built) || statSync(built).mtimeMs < sources) {
    console.log(`building ${ws}…`);
    const viteArgs = [...(base ? [base] : []), ...(outDir ? [`--outDir=${resolve(outDir)}`, "--emptyOutDir"] : [])];
    execFileSync("npm", ["run", "build", "-w", ws, ...(viteArgs.length ? ["--", ...viteArgs] : [])], { cwd: root, stdio: "inherit", env: buildEnvironment() });
  } else console.log(`${ws} is up to date`);
}
