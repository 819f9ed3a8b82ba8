#!/usr/bin/env node
/**
 * `npm run test:fast` (issue 40): the type check and the lint side by side (each is mostly one core),
 * then the console's and core's tests on both cores, but for the long proofs below, which `npm test`
 * runs. Each check's output is printed whole when it ends; the exit code is the first failure's.
 */
import { spawn } from "node:child_process";

/** Runs an npm script, its output held until it ends. */
function npmRun(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "-s", script], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => {
      process.stdout.write(`── ${script}: ${code === 0 ? "passed" : `failed (${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s\n${out}`);
      resolve(code ?? 1);
    });
  });
}

const checks = await Promise.all([npmRun("typecheck"), npmRun("lint")]);
const failed = checks.find((c) => c !== 0);
if (failed !== undefined) process.exit(failed);

/**
 * Fault injection and concurrency at scale: each re-runs a whole job 20 times or fires hundreds of
 * requests (≈ 165 s of a worker's time together, half of the loop's tests), and proves a job's
 * resumption or a counter's bound rather than a rule a change would quietly break.
 */
const LONG_PROOFS = ["packages/core/test/clientImportResume.test.ts", "packages/core/test/lotteryConcurrency.test.ts", "packages/core/test/monthJob.test.ts"];

const args = ["vitest", "run", "--project", "web", "--project", "server", "--maxWorkers=2", ...LONG_PROOFS.flatMap((f) => ["--exclude", f]), "web/src", "packages/core/test"];
const tests = spawn("npx", args, { stdio: "inherit" });
tests.on("close", (code) => process.exit(code ?? 1));
