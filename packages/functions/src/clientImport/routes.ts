import { moduleRoute, type RouteTable } from "../http/define.ts";
import { LEGACY } from "../http/legacy.ts";

/**
 * Customer import (R293–R296) on the client list (2001): its own Lambda, because reading and
 * writing spreadsheets (exceljs) is over a megabyte and needs a long timeout; the clients Lambda
 * stays small and quick.
 */
export const routes = {
  "GET /xiangyu/api/client/importtemplate": moduleRoute(["clients"], LEGACY),
  "POST /xiangyu/api/client/clientimport": moduleRoute(["clients"], { ...LEGACY, right: "S" }),
  "GET /xiangyu/api/client/importprogress": moduleRoute(["clients"], { ...LEGACY, right: "S" }),
  "GET /xiangyu/api/client/importfailures": moduleRoute(["clients"], { ...LEGACY, right: "S" }),
} satisfies RouteTable;
