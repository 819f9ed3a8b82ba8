import type { RouteTable } from "../http/define.ts";
import { splitRoutes } from "./splitRoutes.ts";

/**
 * Split bill, the business summary and profit sharing (module "finance"): the month's head-office
 * figures, apart from the purchase review (finance/), which moves weeks, levels and work orders;
 * together they were at the 300 kB bundle budget's edge (docs/decisions.md).
 */
export const routes = { ...splitRoutes } satisfies RouteTable;
