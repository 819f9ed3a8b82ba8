import type { RouteTable } from "../http/define.ts";

/** Routes of the hotels area (being written). */
export const routes = {} satisfies RouteTable;
