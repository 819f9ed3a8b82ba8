import { relative } from "node:path";
import type { Reporter } from "vitest/reporters";
import type { RunnerTask, RunnerTestFile } from "vitest";

/**
 * Names every test that took more than a third of its timeout (issue 40): on a loaded 2-core
 * machine such a test is the next to time out. Printed after each run; `npm test` does not fail on
 * it. It reads the runner's tasks (`onFinished`) because only they carry each test's own timeout
 * (a test's `{ timeout }` or its project's `testTimeout`).
 */
type Tight = { name: string; ms: number; timeout: number };

function* testsOf(task: RunnerTask): Generator<Extract<RunnerTask, { type: "test" }>> {
  if (task.type === "test") yield task;
  else if ("tasks" in task) for (const t of task.tasks) yield* testsOf(t);
}

const nameOf = (file: RunnerTestFile, test: RunnerTask): string => {
  const path: string[] = [];
  for (let t: RunnerTask | undefined = test; t && t !== file; t = t.suite) path.unshift(t.name);
  return `${file.projectName ?? ""} ${relative(process.cwd(), file.filepath)} > ${path.join(" > ")}`;
};

export default class HeadroomReporter implements Reporter {
  onFinished(files: RunnerTestFile[] = []): void {
    const tight: Tight[] = [];
    for (const file of files)
      for (const test of testsOf(file)) {
        const ms = test.result?.duration;
        if (ms !== undefined && test.timeout > 0 && ms > test.timeout / 3) tight.push({ name: nameOf(file, test), ms, timeout: test.timeout });
      }
    if (!tight.length) {
      console.log("headroom: every test took at most a third of its timeout");
      return;
    }
    console.log(`headroom: ${tight.length} test(s) took more than a third of their timeout:`);
    for (const t of tight.sort((a, b) => b.ms / b.timeout - a.ms / a.timeout)) console.log(`  ${(t.ms / 1000).toFixed(1)} s of ${t.timeout / 1000} s  ${t.name}`);
  }
}
