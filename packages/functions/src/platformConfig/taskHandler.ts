import type { Impls } from "../http/app.ts";
import type { taskRoutes } from "./taskRoutes.ts";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { monthUnits } from "@xiangyu/core/finance/splitBill/monthUnit";
import { deleteTasks, listTaskRuns, listTasks, passTasks, saveTask, viewTask } from "@xiangyu/core/platform/tasks/service";

/** Scheduled tasks (taskRoutes.ts); each service checks the platform operator again. */
const T = "/gateway/api/manage/platform/taskconfig";

export const taskImpls: Impls<typeof taskRoutes> = {
  [`GET ${T}/list`]: async ({ caller, input }) => listTasks(caller, input.paging, { istate: input.istate }),
  [`GET ${T}/view`]: async ({ caller, input }) => ok(await viewTask(caller, input.id)),
  [`GET ${T}/runs`]: async ({ caller, input }) => listTaskRuns(caller, input.id, input.paging),
  [`GET ${T}/monthjob`]: async ({ caller, input }) => okList(await monthUnits(caller, input.year, input.month)),
  [`POST ${T}/save`]: async ({ caller, input, actedOn }) => {
    const v = await saveTask(caller, input);
    actedOn([v.id]);
    return ok(v, "保存成功");
  },
  [`POST ${T}/passed`]: async ({ caller, input, actedOn }) => {
    actedOn(await passTasks(caller, input.ids, input.istate));
    return ok(undefined, input.istate === 1 ? "启用成功" : "停用成功");
  },
  [`POST ${T}/delete`]: async ({ caller, input, actedOn }) => {
    actedOn(await deleteTasks(caller, input.ids));
    return ok(undefined, "删除成功");
  },
};
