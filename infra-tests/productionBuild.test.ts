import { describe, expect, test } from "vitest";
import { exec } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CONSOLE_BUILD } from "../stacks/Web.ts";
import { SITE_BUILD } from "../stacks/Site.ts";

const root = resolve(import.meta.dirname, "..");

/**
 * The console the stacks deploy is React's production build whatever NODE_ENV the deploy runs
 * with. vitest itself sets NODE_ENV=test, the very case that used to ship the development build:
 * this runs the StaticSite's own build command, as SST runs it (in web/, with the caller's
 * environment), into a folder of its own so web/dist (which the browser tests serve) is untouched.
 */
describe("the console's cloud build", () => {
  test("is React's production build even when NODE_ENV=test", async () => {
    expect(process.env.NODE_ENV).toBe("test");
    const out = mkdtempSync(join(tmpdir(), "xy-console-"));
    try {
      // Not execSync: a build longer than a minute (a loaded machine) would block the worker past
      // vitest's 60 s answer time and fail the run with "Timeout calling onTaskUpdate".
      await promisify(exec)(`${CONSOLE_BUILD} --out-dir=${out}`, { cwd: join(root, "web"), env: { ...process.env, NODE_ENV: "test" }, maxBuffer: 64 * 1024 * 1024 });
      const scripts = readdirSync(join(out, "assets")).filter((f) => f.endsWith(".js"));
      const code = scripts.map((f) => readFileSync(join(out, "assets", f), "utf8"));
      // Production React points its minified errors at react.dev/errors; only the development
      // build carries the "react-stack-bottom-frame" marker of its component stacks.
      expect(code.some((c) => c.includes("react.dev/errors"))).toBe(true);
      expect(code.filter((c) => c.includes("react-stack-bottom-frame"))).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);

  test("the website is built by the same script, so it is a production build too", () => {
    expect(SITE_BUILD).toMatch(/^node \.\.\/scripts\/build\.mjs --force site\b/);
    expect(CONSOLE_BUILD).toMatch(/^node \.\.\/scripts\/build\.mjs --force web\b/);
  });
});
