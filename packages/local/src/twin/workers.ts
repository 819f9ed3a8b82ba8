import { runInProcess } from "@xiangyu/core/kernel/background";
import type { ImportOrder, TemplateOrder } from "@xiangyu/core/clients/import/accept";

/**
 * One machine's worker Lambdas: what the cloud runs in a worker function, run in this process
 * (core kernel/background.ts). Loaded when first used, as a cold worker Lambda would be: the
 * spreadsheet code is read only by a process that imports or hands out the template.
 */
export function registerWorkers(): void {
  runInProcess<ImportOrder | TemplateOrder>("clientImport", async (order) => (await import("@xiangyu/functions/clientImport/worker")).handler(order));
}
