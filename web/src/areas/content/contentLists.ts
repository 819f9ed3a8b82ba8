import { listSpec } from "../../ui/list/listSpec.ts";

/** The content area's first list, as the registry preloads it and the screen reads it (ui/list/listSpec.ts). */
export const INFO_LIST = "GET /xiangyu/api/information/list";

/** The list in list order (sortOrder ascending, newest first); URL infoType filters by type (R515, R516). */
export const INFO_LIST_SPEC = listSpec({
  route: INFO_LIST,
  sort: "sortOrder",
  order: "asc",
  filterKeys: ["orgCode"],
  params: (p) => (p.infoType ? { infoType: p.infoType } : {}),
});
