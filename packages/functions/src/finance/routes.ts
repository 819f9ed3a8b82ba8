import { splitRoutes } from "./splitRoutes.ts";

/** The finance area: split bill and profit sharing (splitRoutes.ts); the purchase reviews join here (issue 16). */
export const routes = { ...splitRoutes };
