import { list, sessionRoute, type RouteTable } from "../http/define.ts";
import { noInput } from "@xiangyu/core/kernel/fields";
import type { TodoView } from "@xiangyu/core/workbench/service";

/**
 * The console's home as a workbench (issue 36; docs/workbench.md): the signed-in user's to-dos with
 * their counts, for the functions their roles hold and within their departments. Any staff session;
 * what it may count follows from the session's rights, so no module is declared.
 */
export const routes = {
  "GET /gateway/api/manage/workbench/todos": sessionRoute({ input: noInput, reply: list<TodoView>(), log: false }),
} satisfies RouteTable;
