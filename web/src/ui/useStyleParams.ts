import { useQuery } from "@tanstack/react-query";
import { api, type Envelope } from "../lib/api.ts";
import { routeQuery } from "../lib/routeQuery.ts";
import type { Option } from "./form/inputs.tsx";

/**
 * A style-parameter list (infoType, orderStatus, …) as select options; read once per session. The
 * platform routes are still LEGACY (untyped): the row type is written here until they declare it.
 */
type StyleParam = { styleid: string; stylename: string };
const optionsOf = (r: Envelope): Option[] => ((r.dataList ?? []) as StyleParam[]).map((p) => ({ value: p.styleid, label: p.stylename }));
export function useStyleParams(styleen: string, extra: { df?: string; dfKey?: string } = {}) {
  return useQuery({ ...routeQuery(api, "GET /gateway/api/manage/appcenter/styleparam/list", { styleen, ...extra }, "list"), select: optionsOf, staleTime: 10 * 60_000 });
}
