import type { RouteTable } from "../http/define.ts";
import { reviewRoutes } from "./reviewRoutes.ts";

/**
 * The finance area's routes: the purchase review (reviewRoutes.ts). Split bill and profit sharing
 * are the `splitBill` area, a Lambda of its own (docs/decisions.md).
 */
export const routes = { ...reviewRoutes } satisfies RouteTable;
