/**
 * The task runner's Lambda as stacks/Jobs.ts builds it: not a manifest job (it has no fixed
 * schedule; each task's schedule is created at run time), 15 minutes like the longest job (the
 * lease, core/platform/tasks/run.ts LEASE_MS, lasts as long), 512 MB for the month summary.
 */
export const taskRunnerDef = {
  name: "taskRunner",
  handler: "packages/functions/src/jobs/taskRunner.handler",
  timeout: 900,
  memory: 512,
} as const;
