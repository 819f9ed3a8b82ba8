import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { workbenchTodos } from "@xiangyu/core/workbench/service";
import { okList } from "@xiangyu/core/kernel/envelope";

/** The workbench (routes.ts): wiring only. */
const impls: Impls<typeof routes> = {
  "GET /gateway/api/manage/workbench/todos": async ({ caller }) => okList(await workbenchTodos(caller)),
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
