import { listSpec } from "../../ui/listSpec.ts";

/** The platform area's lists as the registry preloads them and the screens read them (ui/listSpec.ts). */
export const TENANT_LIST_SPEC = listSpec({ route: "GET /gateway/api/manage/platform/list" });
