import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { TaskDeleteInput, TaskInput, TaskListQuery, TaskPassInput, TaskRunsQuery, TaskViewQuery } from "@xiangyu/core/platform/tasks/schemas";
import type { TaskRunView, TaskView } from "@xiangyu/core/platform/tasks/service";
import { MonthQuery } from "@xiangyu/core/finance/splitBill/schemas";
import type { MonthUnitView } from "@xiangyu/core/finance/splitBill/monthUnit";

/**
 * Scheduled tasks (定时任务, R476–R483; console /taskconfig, function 1106): the platform operator's
 * alone, like the other platform configuration. `taskconfig/runs` (a task's run log) and
 * `taskconfig/monthjob` (the month job's tenants of a month: which failed, and why) are our paths
 * (docs/api.md). Handlers: taskHandler.ts.
 */
export const taskRoutes = {
  "GET /gateway/api/manage/platform/taskconfig/list": moduleRoute("platform", { operator: true, input: TaskListQuery, reply: list<TaskView>(), log: false }),
  "GET /gateway/api/manage/platform/taskconfig/view": moduleRoute("platform", { operator: true, input: TaskViewQuery, reply: data<TaskView>(), log: false }),
  "GET /gateway/api/manage/platform/taskconfig/runs": moduleRoute("platform", { operator: true, input: TaskRunsQuery, reply: list<TaskRunView>(), log: false }),
  "GET /gateway/api/manage/platform/taskconfig/monthjob": moduleRoute("platform", { operator: true, input: MonthQuery, reply: list<MonthUnitView>(), log: false }),
  "POST /gateway/api/manage/platform/taskconfig/save": moduleRoute("platform", { operator: true, right: "save", input: TaskInput, reply: data<TaskView>(), log: "保存定时任务" }),
  "POST /gateway/api/manage/platform/taskconfig/passed": moduleRoute("platform", { operator: true, right: "P", input: TaskPassInput, reply: done(), log: "启禁用定时任务" }),
  "POST /gateway/api/manage/platform/taskconfig/delete": moduleRoute("platform", { operator: true, right: "D", input: TaskDeleteInput, reply: done(), log: "删除定时任务" }),
} satisfies RouteTable;
