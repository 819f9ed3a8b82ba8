import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The newest modification time of a file or of any file below a folder. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

/** Builds the console when web/dist is missing or older than what it is built from. */
export function ensureConsoleBuilt(root: string): void {
  const web = join(root, "web");
  const built = newest(join(web, "dist", "index.html"));
  // The console also compiles the shared valibot schemas of packages/core.
  const sources = Math.max(newest(join(root, "packages", "core", "src")), ...["src", "index.html", "vite.config.ts", "package.json"].map((f) => newest(join(web, f))));
  if (built > sources) return;
  try {
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    execFileSync("npm", ["run", "build", "-w", "web"], { cwd: root, stdio: "pipe", encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    throw new Error(`npm run build -w web failed\n${err.stdout ?? ""}\n${err.stderr ?? ""}`);
  }
}

/**
 * Builds the website (site/) when it is missing or older than its sources: the product serves it
 * at /site/, and the demo articles' pictures come from its public files (a clean clone has no site/dist).
 */
export function ensureWebsiteBuilt(root: string): void {
  try {
    execFileSync("node", [join(root, "scripts", "build.mjs"), "site"], { cwd: root, stdio: "pipe", encoding: "utf8" });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    throw new Error(`node scripts/build.mjs site failed\n${err.stdout ?? ""}\n${err.stderr ?? ""}`);
  }
}
