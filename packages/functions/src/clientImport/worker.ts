import { runImport } from "@xiangyu/core/clients/import/importer";
import { storeTemplate } from "@xiangyu/core/clients/import/sheets";
import type { ImportOrder, TemplateOrder } from "@xiangyu/core/clients/import/accept";

/**
 * The import worker Lambda, which alone carries the spreadsheet code (exceljs). The import route
 * invokes it asynchronously with the accepted job's order; the template download asks it, once,
 * to write the template. On one machine packages/local registers this same handler as the
 * worker's in-process runner.
 */
export const handler = (order: ImportOrder | TemplateOrder) => ("kind" in order ? storeTemplate() : runImport(order));
