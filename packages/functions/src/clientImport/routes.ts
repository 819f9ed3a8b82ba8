import { data, moduleRoute, type RouteTable } from "../http/define.ts";
import { ClientImportInput, ImportJobQuery, ImportTemplateQuery } from "@xiangyu/core/clients/import/schemas";
import type { Download } from "@xiangyu/core/clients/import/downloads";
import type { JobView } from "@xiangyu/core/clients/import/jobs";
import { RecordExportQuery } from "@xiangyu/core/lottery/schemas";
import type { WinnersFile } from "@xiangyu/core/lottery/exportSheet";

/**
 * Customer import (R293–R296) on the client list (2001). The routes only record jobs, report them
 * and hand out bucket links; reading and writing spreadsheets (exceljs, over a megabyte) is the
 * worker's alone (below), so this Lambda stays small. The POST starts the worker; the console polls.
 */
export const routes = {
  "GET /xiangyu/api/client/importtemplate": moduleRoute(["clients"], { input: ImportTemplateQuery, reply: data<Download>(), log: false }),
  "POST /xiangyu/api/client/clientimport": moduleRoute(["clients"], { right: "S", input: ClientImportInput, reply: data<JobView>(), log: "导入客户" }),
  "GET /xiangyu/api/client/importprogress": moduleRoute(["clients"], { right: "S", input: ImportJobQuery, reply: data<JobView>(), log: false }),
  "GET /xiangyu/api/client/importfailures": moduleRoute(["clients"], { right: "S", input: ImportJobQuery, reply: data<Download>(), log: false }),
  // The lottery winners' export (docs/lottery.md): the spreadsheet worker writes the workbook, as it writes the import's; this Lambda only asks.
  "GET /gateway/api/lotter/recordexport": moduleRoute(["lottery"], { input: RecordExportQuery, reply: data<WinnersFile>(), log: false, audit: "personalData" }),
} satisfies RouteTable;

/**
 * The import's worker Lambda, invoked asynchronously by the POST (core's kernel/background.ts):
 * the stacks build it, give the area its name in `environment` and the right to invoke it. It
 * works in slices with a checkpoint and hands over to a fresh invocation of itself before its time
 * is up (core clients/import/importer.ts), so it too knows its own name. Staging a 1,000,000-row
 * sheet parses it streaming in ≈ 1–2 minutes and ~1 GB, hence the limits.
 */
export const importWorker = {
  handler: "packages/functions/src/clientImport/worker.handler",
  /** The configuration name under which the area and the worker itself find the worker (core's config.importWorker). */
  environmentName: "XY_IMPORT_WORKER",
  timeout: 900,
  memorySize: "1536 MB",
  /** Its own name, fixed so the worker can invoke itself to hand over without a reference to itself in its stack (a cycle). */
  functionName: (stage: string) => `${stage}-xiangyu-clientImport`,
  /** Lambda's own retries of a failed run: each continues from the last checkpoint. Core's IMPORT_RETRIES (clients/import/jobs.ts) says the same (a test checks). */
  retryAttempts: 2,
} as const;
