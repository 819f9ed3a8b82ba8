import type { RouteTable } from "../http/define.ts";
import { reviewRoutes } from "./reviewRoutes.ts";

/** The finance area's routes: the purchase review (reviewRoutes.ts); split-bill and profit sharing join here. */
export const routes = { ...reviewRoutes } satisfies RouteTable;
