// Builds the console and the website when their sources are newer than their last build,
// so a second `npm start` comes up without waiting for Vite.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const newest = (dir) => {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name === "dist" || e.name === "e2e") continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

for (const ws of ["web", "site"]) {
  const built = join(ws, "dist", "index.html");
  // The console also compiles shared schemas from packages/core.
  const sources = Math.max(newest(ws), ws === "web" ? newest("packages/core/src") : 0);
  if (process.argv.includes("--force") || !existsSync(built) || statSync(built).mtimeMs < sources) {
    console.log(`building ${ws}…`);
    execSync(`npm run build -w ${ws}`, { stdio: "inherit" });
  } else console.log(`${ws} is up to date`);
}
