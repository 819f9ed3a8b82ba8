/**
 * The tenant-removal worker as the stack deploys it (stacks/Api.ts): a Lambda of its own, invoked
 * asynchronously by the platform area when a delete is accepted (core's config.tenantWorker). Kept
 * apart from worker.ts so the stack reads these facts without bundling the worker's code.
 */
export const tenantWorker = {
  handler: "packages/functions/src/platform/worker.handler",
  /** The configuration name under which the tenants area finds the worker. */
  environmentName: "XY_TENANT_WORKER",
  /** A Scan of the whole table with batch deletes: the longest a Lambda may run; a cut-short run is retried (it is idempotent). */
  timeout: 900,
  memorySize: "512 MB",
  /** Lambda's own retries of a failed or cut-short run: each run deletes what is left. */
  retryAttempts: 2,
} as const;
