import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api.ts";
import { unwrap } from "../lib/query.ts";
import type { Option } from "./form/inputs.tsx";

/** A style-parameter list (infoType, orderStatus, …) as select options; read once per session. */
export function useStyleParams(styleen: string, extra: { df?: string; dfKey?: string } = {}) {
  return useQuery({
    queryKey: ["styleparam", styleen, extra.df ?? "", extra.dfKey ?? ""],
    queryFn: async (): Promise<Option[]> => {
      const r = await unwrap(api.get<{ styleid: string; stylename: string }>("/gateway/api/manage/appcenter/styleparam/list", { styleen, ...extra }), "list");
      return (r.dataList ?? []).map((p) => ({ value: p.styleid, label: p.stylename }));
    },
    staleTime: 10 * 60_000,
  });
}
