import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { unwrap } from "../../lib/query.ts";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../lib/routeQuery.ts";
import type { DataOf, RowOf } from "../../lib/contract.ts";

/**
 * The work-order area's reads and writes by route (hotels/hotelQueries.ts is the model). A save
 * moves the work order, the client's 电邀状态 and, when bought, a purchase: it makes those lists stale.
 */
export const WO_LIST = "GET /xiangyu/api/client/workorder/workorderlist";
const WO_VIEW = "GET /xiangyu/api/client/workorder/workorderview";
const WO_BY_CLIENT = "GET /xiangyu/api/client/workorder/workorderlistbyclient";
export const MY_TASKS = "GET /xiangyu/api/client/workorder/mybookingclientlist";
export const TASK_LIST = "GET /xiangyu/api/client/bookingstorelist";
const TASK_VIEW = "GET /xiangyu/api/client/bookingclientview";
const TRANSFER = "GET /xiangyu/api/client/bookingclientlist";
const INVITERS = "GET /xiangyu/api/client/getbusinessmanlist";
export const TASK_CLIENTS = "GET /xiangyu/api/client/userbookingstorelist";
export const FUNNEL = "GET /xiangyu/api/client/workorder/funnel";
/** The products a work order may record as bought. */
const PRODUCTS = "GET /xiangyu/api/hotel/product/alllist";

export type WorkOrderRow = RowOf<typeof WO_LIST>;
export type WorkOrder = DataOf<typeof WO_VIEW>;
export type Task = RowOf<typeof TASK_LIST>;
export type Assignment = RowOf<typeof MY_TASKS>;
export type FunnelRow = RowOf<typeof FUNNEL>;
/** A client's work order with its purchase (workorderlistbyclient). */
export type ClientWorkOrder = RowOf<typeof WO_BY_CLIENT>;

const WORK = staleReads(
  "GET /xiangyu/api/client/workorder/",
  "GET /xiangyu/api/client/clientlist",
  "GET /xiangyu/api/client/memberlist",
  TASK_LIST,
  TASK_VIEW,
  TRANSFER,
  TASK_CLIENTS,
  "GET /xiangyu/api/finance/",
);

export const workorderQueries = {
  /** A work order by its id, or the client's newest. */
  view: (api: ApiClient, q: { id?: number; clientId?: number }) => routeQuery(api, WO_VIEW, q, "view"),
  /**
   * The client's newest work order, or null when the client has none: workorderview answers 404
   * then, which is no failure here (the invitation records of a client never invited).
   */
  newestOfClient: (api: ApiClient, clientId: number) =>
    queryOptions({
      queryKey: [WO_VIEW, api.functionKey, { clientId }, "orNone"] as const,
      queryFn: async () => {
        const r = await api.call(WO_VIEW, { clientId });
        if (r.code === "404") return null;
        return (await unwrap(r, "list")).data ?? null;
      },
    }),
  /** Every work order of a client, with its purchase. */
  ofClient: (api: ApiClient, clientId: number) => routeQuery(api, WO_BY_CLIENT, { clientId }, "list"),
  task: (api: ApiClient, id: number) => routeQuery(api, TASK_VIEW, { id }, "view"),
  transferClients: (api: ApiClient, shop: string, id?: number) => routeQuery(api, TRANSFER, { shop, id }, "list"),
  inviters: (api: ApiClient, shop: string) => routeQuery(api, INVITERS, { userRole: "inviter", shop }, "list"),
  products: (api: ApiClient) => routeQuery(api, PRODUCTS, {}, "list"),
};

/**
 * The panel's work order: by its id, or the client's newest, which is null for a client never
 * invited (a first call starts one; no 该工单不存在 toast for it). Read anew at each opening.
 */
export function useWorkOrder(id: number | undefined, clientId: number) {
  const api = useApi();
  const fresh = { gcTime: 0, staleTime: 0 };
  const byId = useQuery({ ...workorderQueries.view(api, { id }), select: (r) => r.data ?? null, enabled: !!id, ...fresh });
  const newest = useQuery({ ...workorderQueries.newestOfClient(api, clientId), enabled: !id, ...fresh });
  return id ? byId : newest;
}

export function useTask(id: number | undefined) {
  const api = useApi();
  return useQuery({ ...workorderQueries.task(api, id ?? 0), select: (r) => r.data, enabled: !!id, gcTime: 0 });
}

/** The transfer list's clients of a store (R318): with their last invitation date or 从未电邀. */
export function useTransferClients(shop: string, id?: number) {
  const api = useApi();
  return useQuery({ ...workorderQueries.transferClients(api, shop, id), select: (r) => r.dataList ?? [], enabled: !!shop, gcTime: 0 });
}

/** Inviters of a store (R316, R317): the role code `inviter` (docs/gaps.md §9's 'booking'). */
export function useInviters(shop: string) {
  const api = useApi();
  return useQuery({ ...workorderQueries.inviters(api, shop), select: (r) => r.dataList ?? [], enabled: !!shop });
}

/** The products the panel's purchase section offers: name and price (yuan). */
export function useProductOptions() {
  const api = useApi();
  return useQuery({
    ...workorderQueries.products(api),
    select: (r) => (r.dataList ?? []).map((p) => ({ value: p.id, label: `${p.productName}（${p.amount}元）` })),
  });
}

export const useSaveWorkOrder = (o: SaveOptions) => useSave("POST /xiangyu/api/client/workorder/workordersave", { ...o, invalidates: WORK });
export const useSaveClientStatus = () => useRouteMutation("POST /xiangyu/api/client/workorder/saveclientstatus", { invalidates: WORK, success: "保存成功" });
export const useFinalPayment = () => useRouteMutation("POST /xiangyu/api/client/workorder/savefinalpayamount", { invalidates: WORK, success: "处理完成", kind: "handle" });
export const useSaveTask = () => useRouteMutation("POST /xiangyu/api/client/savebookingclient", { invalidates: WORK, success: "保存成功" });
