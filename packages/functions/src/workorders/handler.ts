import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { DomainError } from "@xiangyu/core/kernel/errors";
import { DENIAL, flagsOf } from "@xiangyu/core/kernel/rights";
import { today } from "@xiangyu/core/kernel/clock";
import { namingFor } from "@xiangyu/core/clients/lookups";
import {
  deleteWorkOrders,
  purchaseOfWorkOrder,
  purchaseView,
  saveClientStatus,
  saveFinalPayment,
  saveWorkOrder,
  viewWorkOrder,
  workOrdersOfClient,
  workOrderView,
} from "@xiangyu/core/workorders/service";
import { listWorkOrders } from "@xiangyu/core/workorders/list";
import { workOrderRow } from "@xiangyu/core/workorders/views";
import { businessmen, deleteTasks, listTasks, myTasks, saveTask, taskClients, taskView, transferClients, viewTask } from "@xiangyu/core/workorders/tasks";
import { readFunnel } from "@xiangyu/core/workorders/funnel";
import { getUser } from "@xiangyu/core/users/read";
import type { Caller } from "@xiangyu/core/kernel/context";

/** Work orders, tasks, final payments and the funnel (routes.ts). */
const letters = (caller: Caller) => flagsOf(caller.functionId ? caller.rights[String(caller.functionId)] : "");

/** R311: the panel is for holders of A, E or D; writing it needs A or E. */
function mustWrite(caller: Caller): void {
  const f = letters(caller);
  if (!f.a && !f.e) throw new DomainError(DENIAL.E, "403");
}

const impls: Impls<typeof routes> = {
  "GET /xiangyu/api/client/workorder/workorderlist": async ({ caller, input }) => {
    const [page, naming] = await Promise.all([listWorkOrders(caller, input.paging, input), namingFor(caller.tenantId)]);
    const day = today();
    return okList(
      (page.dataList ?? []).map((w) => workOrderRow(w, { statusName: naming.workOrderName(w.code), shopName: naming.shopName(w.shop), today: day })),
      page.pageParams,
    );
  },
  "GET /xiangyu/api/client/workorder/workorderview": async ({ caller, input }) => {
    const naming = await namingFor(caller.tenantId);
    return ok(await viewWorkOrder(caller, input, naming.workOrderName));
  },
  "GET /xiangyu/api/client/workorder/workorderlistbyclient": async ({ caller, input }) => {
    const naming = await namingFor(caller.tenantId);
    return okList(await workOrdersOfClient(caller, input.clientId, naming.workOrderName));
  },
  "POST /xiangyu/api/client/workorder/workordersave": async ({ caller, input, actedOn }) => {
    mustWrite(caller);
    const w = await saveWorkOrder(caller, input);
    actedOn([w.id]);
    const naming = await namingFor(caller.tenantId);
    const f = letters(caller);
    return ok(workOrderView(w, await purchaseOfWorkOrder(caller.tenantId, w), { statusName: naming.workOrderName(w.code), canReviewDeal: f.e || f.d }), "保存成功");
  },
  "POST /xiangyu/api/client/workorder/workorderdelete": async ({ caller, input, actedOn }) => {
    actedOn(await deleteWorkOrders(caller, input.ids));
    return ok(undefined, "删除成功");
  },
  "POST /xiangyu/api/client/workorder/saveclientstatus": async ({ caller, input, actedOn }) => {
    mustWrite(caller);
    actedOn([await saveClientStatus(caller, input)]);
    return ok(undefined, "保存成功");
  },
  "POST /xiangyu/api/client/workorder/savefinalpayamount": async ({ caller, input, actedOn }) => {
    const p = await saveFinalPayment(caller, input);
    actedOn([p.id]);
    return ok(purchaseView(p), "处理完成");
  },
  "GET /xiangyu/api/client/workorder/funnel": async ({ caller, input }) => {
    const [rows, naming] = await Promise.all([readFunnel(caller, input.from, input.to, input.shop || undefined), namingFor(caller.tenantId)]);
    const names = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.bookingUser))) {
      const u = id ? await getUser(caller.tenantId, id) : null;
      names.set(id, u ? u.realname || u.username : "");
    }
    return okList(rows.map((r) => ({ ...r, revenue: r.revenue / 100, shopName: naming.shopName(r.shop), bookingUserName: names.get(r.bookingUser) ?? "" })));
  },

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
