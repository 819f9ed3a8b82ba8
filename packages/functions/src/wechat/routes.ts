import type { RouteTable } from "../http/define.ts";
import { mpRoutes } from "./mpRoutes.ts";
import { oaRoutes } from "./oaRoutes.ts";

/**
 * A tenant's WeChat: its mini-programs (mpRoutes.ts) and its staff's official-account binding
 * (oaRoutes.ts), module "platform". A Lambda of its own, apart from the platform operator's
 * configuration screens (platformConfig): together they went over the 300 kB bundle budget
 * (docs/decisions.md).
 */
export const routes = { ...mpRoutes, ...oaRoutes } satisfies RouteTable;
