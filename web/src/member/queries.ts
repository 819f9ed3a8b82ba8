import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../lib/query.ts";
import { toast } from "../lib/toast.ts";
import type { GetKey, InputFor, PostKey, RouteKey } from "../lib/contract.ts";
import { memberApi } from "./memberApi.ts";

/**
 * The member H5's reads and writes, typed by route key like the console's (lib/routeQuery.ts):
 * a failed reply shows its Chinese desc as a toast and fails the query; a write says the server's
 * success text and makes the given reads stale.
 */
export function useMemberRead<K extends GetKey>(key: K, input: InputFor<K>, enabled = true) {
  return useQuery({ queryKey: [key, input], queryFn: () => unwrap(memberApi.call(key, input), "view"), enabled });
}

/** `quiet`: the screen shows the outcome itself (a draw's result), so no success toast. */
export function useMemberWrite<K extends PostKey>(key: K, o: { stale?: RouteKey[]; success?: string; quiet?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputFor<K>) => {
      const r = await unwrap(memberApi.call(key, input), "handle");
      if (!o.quiet) toast.success(o.success ?? "操作成功", r.desc);
      return r;
    },
    onSuccess: () => Promise.all((o.stale ?? []).map((k) => qc.invalidateQueries({ queryKey: [k] }))),
  });
}
