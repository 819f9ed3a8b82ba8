import { listSpec } from "../../../ui/list/listSpec.ts";

/** The task list as the screen registry preloads it and the screen reads it (kept apart from the queries: the registry is in the first chunk). */
export const TASK_LIST_SPEC = listSpec({ route: "GET /gateway/api/manage/platform/taskconfig/list", filterKeys: ["istate"] });
