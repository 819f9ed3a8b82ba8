import { listSpec } from "../../ui/list/listSpec.ts";

/** The lottery area's first list, as the registry preloads it and the screen reads it (ui/list/listSpec.ts). */
export const LOTTERY_LIST = "GET /gateway/api/lotter/list";
export const LOTTERY_LIST_SPEC = listSpec({ route: LOTTERY_LIST });
