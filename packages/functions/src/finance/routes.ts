import type { RouteTable } from "../http/define.ts";
import { reviewRoutes } from "./reviewRoutes.ts";
import { splitRoutes } from "./splitRoutes.ts";

/** The finance area's routes: the purchase review (reviewRoutes.ts), split bill and profit sharing (splitRoutes.ts). */
export const routes = { ...reviewRoutes, ...splitRoutes } satisfies RouteTable;
