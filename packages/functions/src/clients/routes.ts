import type { RouteTable } from "../http/define.ts";

/** Routes of the clients area (being written). */
export const routes = {} satisfies RouteTable;
