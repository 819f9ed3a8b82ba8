import { runImport } from "@xiangyu/core/clients/import/importer";
import { storeTemplate } from "@xiangyu/core/clients/import/sheets";
import { winnersFile } from "@xiangyu/core/lottery/exportSheet";
import type { ImportOrder, SheetErrand } from "@xiangyu/core/clients/import/accept";

/**
 * The spreadsheet worker Lambda, which alone carries the spreadsheet code (exceljs). The import
 * route invokes it asynchronously with the accepted job's order; the template download and the
 * lottery winners' export ask it errands and wait (kernel/background.ts callWorker). On one
 * machine packages/local registers this same handler as the worker's in-process runner.
 */
export async function handler(order: ImportOrder | SheetErrand) {
  if (!("kind" in order)) return runImport(order);
  if (order.kind === "template") return storeTemplate();
  return winnersFile(order.tenantId, order.lotteryId);
}
