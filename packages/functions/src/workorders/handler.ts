import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { deleteWorkOrders, saveClientStatus, saveFinalPayment, saveWorkOrder, viewWorkOrder, workOrdersOfClient } from "@xiangyu/core/workorders/service";
import { workOrderRows } from "@xiangyu/core/workorders/list";
import { businessmen, deleteTasks, listTasks, myTasks, saveTask, taskClients, taskView, transferClients, viewTask } from "@xiangyu/core/workorders/tasks";
import { funnelView } from "@xiangyu/core/workorders/funnelView";

/** Work orders, tasks, final payments and the funnel (routes.ts). */
const impls: Impls<typeof routes> = {
  "GET /xiangyu/api/client/workorder/workorderlist": async ({ caller, input }) => workOrderRows(caller, input.paging, input),
  "GET /xiangyu/api/client/workorder/workorderview": async ({ caller, input }) => ok(await viewWorkOrder(caller, input)),
  "GET /xiangyu/api/client/workorder/workorderlistbyclient": async ({ caller, input }) => okList(await workOrdersOfClient(caller, input.clientId)),
  "POST /xiangyu/api/client/workorder/workordersave": async ({ caller, input, actedOn }) => {
    const w = await saveWorkOrder(caller, input);
    actedOn([w.id]);
    return ok(w, "保存成功");
  },
  "POST /xiangyu/api/client/workorder/workorderdelete": async ({ caller, input, actedOn }) => {
    actedOn(await deleteWorkOrders(caller, input.ids));
    return ok(undefined, "删除成功");
  },
  "POST /xiangyu/api/client/workorder/saveclientstatus": async ({ caller, input, actedOn }) => {
    actedOn([await saveClientStatus(caller, input)]);
    return ok(undefined, "保存成功");
  },
  "POST /xiangyu/api/client/workorder/savefinalpayamount": async ({ caller, input, actedOn }) => {
    const p = await saveFinalPayment(caller, input);
    actedOn([p.id]);
    return ok(p, "处理完成");
  },
  "GET /xiangyu/api/client/workorder/funnel": async ({ caller, input }) => okList(await funnelView(caller, input.from, input.to, input.shop || undefined)),

  "GET /xiangyu/api/client/bookingstorelist": async ({ caller, input }) => listTasks(caller, input.paging, input),
  "GET /xiangyu/api/client/bookingclientview": async ({ caller, input }) => ok(await viewTask(caller, input.id)),
  "GET /xiangyu/api/client/workorder/bookingclientview": async ({ caller, input }) => ok(await viewTask(caller, input.id)),
  "GET /xiangyu/api/client/bookingclientlist": async ({ caller, input }) => okList(await transferClients(caller, input)),
  "POST /xiangyu/api/client/savebookingclient": async ({ caller, input, actedOn }) => {
    const t = await saveTask(caller, input);
    actedOn([t.id]);
    return ok(taskView(t), "保存成功");
  },
  "POST /xiangyu/api/client/workorder/savebookingclient": async ({ caller, input, actedOn }) => {
    const t = await saveTask(caller, input);
    actedOn([t.id]);
    return ok(taskView(t), "保存成功");
  },
  "POST /xiangyu/api/client/bookingclientdelete": async ({ caller, input, actedOn }) => {
    actedOn(await deleteTasks(caller, input.ids));
    return ok(undefined, "删除成功");
  },
  "GET /xiangyu/api/client/getbusinessmanlist": async ({ caller, input }) => okList(await businessmen(caller, input)),
  "GET /xiangyu/api/client/workorder/getbusinessmanlist": async ({ caller, input }) => okList(await businessmen(caller, input)),
  "GET /xiangyu/api/client/userbookingstorelist": async ({ caller, input }) => okList(await taskClients(caller, input.storeId)),
  "GET /xiangyu/api/client/workorder/userbookingstorelist": async ({ caller, input }) => okList(await taskClients(caller, input.storeId)),
  "GET /xiangyu/api/client/workorder/mybookingclientlist": async ({ caller, input }) => myTasks(caller, input.paging, input.invited),
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
