import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "./api.ts";
import type { InputFor, PostKey, ReplyFor, RouteKey, StaleKey } from "./contract.ts";
import { unwrap } from "./query.ts";
import { toast, type FALLBACK } from "./toast.ts";
import { useApi } from "./screen.tsx";

/**
 * TanStack Query over the typed client. A query's key is [route key, functionId, input], so
 * "everything read from a route" is the prefix [route key], and a write names the routes it makes
 * stale by their key or a prefix of it ("GET /xiangyu/api/hotel/"). Per-area factories build on
 * these (web/src/areas/hotels/hotelQueries.ts is the worked example).
 */
export function routeQuery<K extends RouteKey>(api: ApiClient, key: K, input: InputFor<K>, kind: keyof typeof FALLBACK = "view") {
  // `kind` only picks the toast's fallback text for a failure: the data does not depend on it.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: [key, api.functionKey, input] as const,
    queryFn: async (): Promise<ReplyFor<K>> => unwrap(api.call(key, input), kind),
  });
}

/** The reads a kind of write makes stale, each checked against the route table (a typo does not type-check). */
export const staleReads = (...keys: StaleKey[]): readonly StaleKey[] => keys;

/** Marks stale every query whose route key starts with one of `prefixes`. */
export function invalidateRoutes(qc: QueryClient, prefixes: readonly StaleKey[]): Promise<void> {
  return qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && prefixes.some((p) => (q.queryKey[0] as string).startsWith(p)) });
}

type WriteOptions = {
  /** Route keys (or prefixes) whose queries the write makes stale. */
  invalidates: readonly StaleKey[];
  /** The success toast; the reply's desc is shown beneath it. None when omitted. */
  success?: string;
  kind?: keyof typeof FALLBACK;
};

/** A write through a route: a failed envelope is toasted (its desc) and rejects; success invalidates. */
export function useRouteMutation<K extends PostKey>(key: K, o: WriteOptions) {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputFor<K>): Promise<ReplyFor<K>> => unwrap(api.call(key, input), o.kind ?? "save"),
    onSuccess: async (r) => {
      if (o.success) toast.success(o.success, r.desc && r.desc !== o.success ? r.desc : undefined);
      await invalidateRoutes(qc, o.invalidates);
    },
  });
}

/** Whether a write went through (its refusal was already toasted): for callers that answer yes/no. */
export const succeeded = (write: Promise<unknown>): Promise<boolean> =>
  write.then(
    () => true,
    () => false,
  );
