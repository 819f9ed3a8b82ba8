import { DENIAL } from "@xiangyu/core/kernel/rights";
import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import {
  BookingClientsQuery,
  BookingDeleteInput,
  BookingListQuery,
  BookingSaveInput,
  BookingViewQuery,
  BusinessmanQuery,
  ClientStatusInput,
  FinalPayInput,
  FunnelQuery,
  MyTasksQuery,
  TaskClientsQuery,
  WorkOrderDeleteInput,
  WorkOrderListQuery,
  WorkOrderSaveInput,
  WorkOrderViewQuery,
  WorkOrdersOfClientQuery,
} from "@xiangyu/core/workorders/schemas";
import type { WorkOrderView, PurchaseView } from "@xiangyu/core/workorders/views";
import type { WorkOrderRow } from "@xiangyu/core/workorders/views";
import type { AssignmentView, BusinessmanView, TaskView, TransferClient } from "@xiangyu/core/workorders/tasks";
import type { FunnelView } from "@xiangyu/core/workorders/funnelView";

/**
 * Work orders (2101 电邀工单), tasks (2102 电邀任务) and the store's invited clients (2103): module
 * "workorders". The client screens (module "clients") read a client's work orders (电邀记录, the
 * per-client table); the review screens (module "finance") register final payments. Paths the spec
 * leaves unnamed follow docs/gaps.md §3 and are listed in docs/api.md; the four written '.../' answer
 * under /xiangyu/api/client/workorder/ too.
 *
 * Letters: a save needs A or E (R311; checked by the handler, since a work order without an id may
 * continue the client's current one), delete D, final payment E (refused with 你无操作权限).
 */
const WO = ["workorders"] as const;
const READERS = ["workorders", "clients", "finance"] as const;

const bookingView = moduleRoute(WO, { scope: "department", input: BookingViewQuery, reply: data<TaskView & { bookingstoreclient: number[] }>(), log: false });
const bookingSave = moduleRoute(WO, { scope: "department", right: "save", input: BookingSaveInput, reply: data<TaskView>(), log: "保存电邀任务" });
/** R311: the panel is for holders of A, E or D; writing it needs A or E. */
const WRITES = { right: ["A", "E"], denial: DENIAL.E } as const;

const businessmen = moduleRoute(WO, { scope: "department", input: BusinessmanQuery, reply: list<BusinessmanView>(), log: false });
const taskClients = moduleRoute(WO, { scope: "department", input: TaskClientsQuery, reply: list<AssignmentView>(), log: false });

export const routes = {
  // ── work orders ──
  "GET /xiangyu/api/client/workorder/workorderlist": moduleRoute(WO, { scope: "department", input: WorkOrderListQuery, reply: list<WorkOrderRow>(), log: false }),
  "GET /xiangyu/api/client/workorder/workorderview": moduleRoute(READERS, { scope: "department", input: WorkOrderViewQuery, reply: data<WorkOrderView>(), log: false }),
  "GET /xiangyu/api/client/workorder/workorderlistbyclient": moduleRoute(READERS, {
    scope: "department",
    input: WorkOrdersOfClientQuery,
    reply: list<WorkOrderView>(),
    log: false,
  }),
  "POST /xiangyu/api/client/workorder/workordersave": moduleRoute(WO, {
    scope: "department",
    ...WRITES,
    input: WorkOrderSaveInput,
    reply: data<WorkOrderView>(),
    log: "保存电邀工单",
  }),
  "POST /xiangyu/api/client/workorder/workorderdelete": moduleRoute(WO, { scope: "department", right: "D", input: WorkOrderDeleteInput, reply: done(), log: "删除电邀工单" }),
  "POST /xiangyu/api/client/workorder/saveclientstatus": moduleRoute(WO, { scope: "department", ...WRITES, input: ClientStatusInput, reply: done(), log: "保存客户状态" }),
  "POST /xiangyu/api/client/workorder/savefinalpayamount": moduleRoute(["workorders", "finance"], {
    scope: "department",
    right: "E",
    denial: "你无操作权限",
    input: FinalPayInput,
    reply: data<PurchaseView>(),
    log: "登记尾款",
  }),
  "GET /xiangyu/api/client/workorder/funnel": moduleRoute(WO, {
    scope: "department",
    input: FunnelQuery,
    reply: list<FunnelView>(),
    log: false,
  }),

  // ── tasks (booking-call work orders) ──
  "GET /xiangyu/api/client/bookingstorelist": moduleRoute(WO, { scope: "department", input: BookingListQuery, reply: list<TaskView>(), log: false }),
  "GET /xiangyu/api/client/bookingclientview": bookingView,
  "GET /xiangyu/api/client/workorder/bookingclientview": bookingView,
  "GET /xiangyu/api/client/bookingclientlist": moduleRoute(WO, { scope: "department", input: BookingClientsQuery, reply: list<TransferClient>(), log: false }),
  "POST /xiangyu/api/client/savebookingclient": bookingSave,
  "POST /xiangyu/api/client/workorder/savebookingclient": bookingSave,
  "POST /xiangyu/api/client/bookingclientdelete": moduleRoute(WO, { scope: "department", right: "D", input: BookingDeleteInput, reply: done(), log: "删除电邀任务" }),
  "GET /xiangyu/api/client/getbusinessmanlist": businessmen,
  "GET /xiangyu/api/client/workorder/getbusinessmanlist": businessmen,
  "GET /xiangyu/api/client/userbookingstorelist": taskClients,
  "GET /xiangyu/api/client/workorder/userbookingstorelist": taskClients,
  "GET /xiangyu/api/client/workorder/mybookingclientlist": moduleRoute(WO, { scope: "department", input: MyTasksQuery, reply: list<AssignmentView>(), log: false }),
} satisfies RouteTable;
