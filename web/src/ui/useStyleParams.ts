import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api.ts";
import type { ReplyFor } from "../lib/contract.ts";
import { routeQuery } from "../lib/routeQuery.ts";
import type { Option } from "./form/inputs.tsx";

const STYLE_LIST = "GET /gateway/api/manage/appcenter/styleparam/list";

/** A style-parameter list (infoType, orderStatus, …) as select options; read once per session. */
const optionsOf = (r: ReplyFor<typeof STYLE_LIST>): Option[] => (r.dataList ?? []).map((p) => ({ value: p.styleid, label: p.stylename }));
export function useStyleParams(styleen: string, extra: { df?: string; dfKey?: string } = {}) {
  return useQuery({ ...routeQuery(api, STYLE_LIST, { styleen, ...extra }, "list"), select: optionsOf, staleTime: 10 * 60_000 });
}
