import { listSpec } from "../../../ui/list/listSpec.ts";

/** The mini-program list as the registry preloads it and the screen reads it (kept apart: the registry is in the first chunk). */
export const MP_LIST_SPEC = listSpec({ route: "GET /xiangyu/api/mpconfig/getMpconfigList" });
