import { runImport, type ImportOrder } from "@xiangyu/core/clients/import/importer";

/**
 * The import worker Lambda. The import route invokes it asynchronously with the accepted job's
 * order as the event; on one machine the same `runImport` runs in the gateway's process.
 */
export const handler = (order: ImportOrder) => runImport(order);
