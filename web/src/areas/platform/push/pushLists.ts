import { listSpec } from "../../../ui/list/listSpec.ts";

/** Message push's lists as the registry preloads them and the screens read them (ui/list/listSpec.ts). */
export const PUSH_LIST_SPEC = listSpec({ route: "GET /gateway/api/messagepush/list", filterKeys: ["status", "pushType"] });
export const PUSH_TEMPLATE_SPEC = listSpec({ route: "GET /gateway/api/messagepush/config/list" });
