import { useQuery } from "@tanstack/react-query";
import { api, type Envelope } from "../lib/api.ts";
import { unwrap } from "../lib/query.ts";
import type { Option } from "./form/inputs.tsx";

/**
 * A style-parameter list (infoType, orderStatus, …) as select options; read once per session. The
 * platform routes are still LEGACY (untyped): the row type is written here until they declare it.
 */
type StyleParam = { styleid: string; stylename: string };
export function useStyleParams(styleen: string, extra: { df?: string; dfKey?: string } = {}) {
  return useQuery({
    queryKey: ["styleparam", styleen, extra.df ?? "", extra.dfKey ?? ""],
    queryFn: async (): Promise<Option[]> => {
      const r = await unwrap(api.call("GET /gateway/api/manage/appcenter/styleparam/list", { styleen, ...extra }) as Promise<Envelope<StyleParam>>, "list");
      return (r.dataList ?? []).map((p) => ({ value: p.styleid, label: p.stylename }));
    },
    staleTime: 10 * 60_000,
  });
}
