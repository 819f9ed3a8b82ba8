import { dispatchMonth, type Dispatched } from "@xiangyu/core/finance/splitBill/monthJob";

/**
 * On the 1st of each month at 02:00 Asia/Shanghai: the dispatcher of the month job. It writes one
 * unit per tenant for the previous month and starts the month worker for each unit not yet done
 * (monthWorkerDef.ts), so a tenant that fails stops no other and a retried or repeated run starts
 * only what is left. An operator's scheduled task of this class also gives failed units new tries.
 */
export async function handler(event: { retryFailed?: boolean } | Record<string, unknown> = {}): Promise<Dispatched> {
  return dispatchMonth({ retryFailed: event.retryFailed === true });
}
