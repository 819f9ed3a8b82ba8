/**
 * The month job's worker as the stack deploys it (stacks/Jobs.ts): one tenant's month per
 * invocation, started asynchronously by the dispatcher (jobs/splitBillMonth.ts). Kept apart from
 * the handler so the stack reads these facts without bundling its code.
 */
export const monthWorkerDef = {
  handler: "packages/functions/src/jobs/monthWorker.handler",
  /** The configuration name under which the dispatcher finds the worker (core's config.monthWorker). */
  environmentName: "XY_MONTH_WORKER",
  /** A tenant's month is a few hundred tally items and rows: seconds; the unit's claim lasts 6 minutes (core monthJob.ts). */
  timeout: 300,
  memorySize: "512 MB",
  /** Lambda's retries of a failed unit: with the first run, the unit's three tries (core monthUnit.ts MONTH_UNIT_TRIES). */
  retryAttempts: 2,
} as const;
