/**
 * The tenant-removal worker as the stack deploys it (stacks/Api.ts): a Lambda of its own, invoked
 * asynchronously by the platform area when a delete is accepted (core's config.tenantWorker). Kept
 * apart from worker.ts so the stack reads these facts without bundling the worker's code.
 */
export const tenantWorker = {
  handler: "packages/functions/src/platform/worker.handler",
  /** The configuration name under which the tenants area finds the worker. */
  environmentName: "XY_TENANT_WORKER",
  /** The longest a Lambda may run; an invocation hands over to a fresh one after 10 minutes of slices (core/platform/tenantRemoval.ts). */
  timeout: 900,
  /** Its own name, fixed so the worker can invoke itself to hand over without a reference to itself in its stack (a cycle). */
  functionName: (stage: string) => `${stage}-xiangyu-tenantRemoval`,
  memorySize: "512 MB",
  /** Lambda's own retries of a failed run: each continues from the last checkpoint. */
  retryAttempts: 2,
} as const;
