import { data, moduleRoute, type RouteTable } from "../http/define.ts";
import { ClientImportRequest, ImportJobQuery, ImportTemplateQuery } from "@xiangyu/core/clients/import/schemas";
import type { Download } from "@xiangyu/core/clients/import/downloads";
import type { ImportResult } from "@xiangyu/core/clients/import/importer";
import type { jobView } from "@xiangyu/core/clients/import/jobs";

/**
 * Customer import (R293–R296) on the client list (2001): its own Lambda, because reading and
 * writing spreadsheets (exceljs) is over a megabyte and needs a long timeout; the clients Lambda
 * stays small and quick.
 */
export const routes = {
  "GET /xiangyu/api/client/importtemplate": moduleRoute(["clients"], { input: ImportTemplateQuery, reply: data<Download>(), log: false }),
  "POST /xiangyu/api/client/clientimport": moduleRoute(["clients"], { right: "S", input: ClientImportRequest, reply: data<ImportResult>() }),
  "GET /xiangyu/api/client/importprogress": moduleRoute(["clients"], { right: "S", input: ImportJobQuery, reply: data<ReturnType<typeof jobView>>(), log: false }),
  "GET /xiangyu/api/client/importfailures": moduleRoute(["clients"], { right: "S", input: ImportJobQuery, reply: data<Download>(), log: false }),
} satisfies RouteTable;
