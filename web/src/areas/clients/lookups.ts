import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { clientQueries } from "./clientQueries.ts";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import type { Option } from "../../ui/form/inputs.tsx";

/** The code lists a client is shown with: statuses, member levels, jobs, marital status, channels (clientSource). */
export function useChannels() {
  const api = useApi();
  return useQuery({
    ...clientQueries.sources(api),
    select: (r): Option[] => (r.dataList ?? []).map((c) => ({ value: c.value, label: c.name })),
    staleTime: 10 * 60_000,
  });
}

const nameMap = (options: Option[] | undefined) => new Map((options ?? []).map((o) => [String(o.value), o.label]));

export function useClientNames() {
  const status = useStyleParams("clientStatus");
  const level = useStyleParams("memberLevel");
  const channels = useChannels();
  return useMemo(() => {
    const s = nameMap(status.data);
    const l = nameMap(level.data);
    const c = nameMap(channels.data);
    return {
      status: (code: unknown) => s.get(String(code)) ?? String(code ?? ""),
      level: (code: unknown) => (code === "" || code === undefined ? "" : (l.get(String(code)) ?? String(code))),
      channel: (code: unknown) => (code ? (c.get(String(code)) ?? String(code)) : ""),
    };
  }, [status.data, level.data, channels.data]);
}
export type ClientNames = ReturnType<typeof useClientNames>;
