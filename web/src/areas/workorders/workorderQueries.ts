import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery, useRouteMutation } from "../../lib/routeQuery.ts";
import type { DataOf, RowOf } from "../../lib/contract.ts";

/**
 * The work-order area's reads and writes by route (hotels/hotelQueries.ts is the model). A save
 * moves the work order, the client's 电邀状态 and, when bought, a purchase: it makes those lists stale.
 */
export const WO_LIST = "GET /xiangyu/api/client/workorder/workorderlist";
export const WO_VIEW = "GET /xiangyu/api/client/workorder/workorderview";
export const WO_BY_CLIENT = "GET /xiangyu/api/client/workorder/workorderlistbyclient";
export const MY_TASKS = "GET /xiangyu/api/client/workorder/mybookingclientlist";
export const TASK_LIST = "GET /xiangyu/api/client/bookingstorelist";
export const TASK_VIEW = "GET /xiangyu/api/client/bookingclientview";
export const TRANSFER = "GET /xiangyu/api/client/bookingclientlist";
export const INVITERS = "GET /xiangyu/api/client/getbusinessmanlist";
export const TASK_CLIENTS = "GET /xiangyu/api/client/userbookingstorelist";
export const FUNNEL = "GET /xiangyu/api/client/workorder/funnel";

export type WorkOrderRow = RowOf<typeof WO_LIST>;
export type WorkOrder = DataOf<typeof WO_VIEW>;
export type Task = RowOf<typeof TASK_LIST>;
export type Assignment = RowOf<typeof MY_TASKS>;
export type FunnelRow = RowOf<typeof FUNNEL>;

const WORK = [
  "GET /xiangyu/api/client/workorder/",
  "GET /xiangyu/api/client/clientlist",
  "GET /xiangyu/api/client/memberlist",
  TASK_LIST,
  TASK_VIEW,
  TRANSFER,
  TASK_CLIENTS,
  "GET /xiangyu/api/finance/",
];

export function useWorkOrder(q: { id?: number; clientId?: number }, enabled = true) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, WO_VIEW, q, "view"), select: (r) => r.data, enabled, gcTime: 0, staleTime: 0 });
}

export function useTask(id: number | undefined) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, TASK_VIEW, { id: id ?? 0 }, "view"), select: (r) => r.data, enabled: !!id, gcTime: 0 });
}

/** The transfer list's clients of a store (R318): with their last invitation date or 从未电邀. */
export function useTransferClients(shop: string, id?: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, TRANSFER, { shop, id }, "list"), select: (r) => r.dataList ?? [], enabled: !!shop, gcTime: 0 });
}

/** Inviters of a store (R316, R317): the role code `inviter` (docs/gaps.md §9's 'booking'). */
export function useInviters(shop: string) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, INVITERS, { userRole: "inviter", shop }, "list"), select: (r) => r.dataList ?? [], enabled: !!shop });
}

export const useSaveWorkOrder = () => useRouteMutation("POST /xiangyu/api/client/workorder/workordersave", { invalidates: WORK, success: "保存成功" });
export const useSaveClientStatus = () => useRouteMutation("POST /xiangyu/api/client/workorder/saveclientstatus", { invalidates: WORK, success: "保存成功" });
export const useFinalPayment = () => useRouteMutation("POST /xiangyu/api/client/workorder/savefinalpayamount", { invalidates: WORK, success: "处理完成", kind: "handle" });
export const useSaveTask = () => useRouteMutation("POST /xiangyu/api/client/savebookingclient", { invalidates: WORK, success: "保存成功" });
