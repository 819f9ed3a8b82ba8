import type { RouteDef } from "@xiangyu/functions/http/define";
import { splitKey } from "@xiangyu/functions/http/define";

/**
 * API Gateway's throttling per route class (steady requests per second, and the burst on top).
 * The stage's default covers the console's screens; the tighter classes protect what is cheap to
 * ask and dear to answer. Above a limit API Gateway answers 429 without calling the Lambda.
 */
export type Limit = { rate: number; burst: number };
export type RouteClass = "default" | "signIn" | "heavy" | "website";

export const THROTTLE: Record<RouteClass, Limit> = {
  // ~100 tenants at their busiest hour make ~150 requests a second, ~300 in the peak minute
  // (docs/scale.md); this leaves room for a bench or a bulk screen while a runaway client cannot
  // take the account's regional limit (shared by every stage of the account) for itself.
  default: { rate: 500, burst: 1000 },
  // Public writes (sign in): a brute-force shield in front of the per-account lockout.
  signIn: { rate: 20, burst: 50 },
  // Starts long work (a worker per request): a handful per second is what staff can do by hand.
  heavy: { rate: 2, burst: 10 },
  // The public website's reads (no session, anyone on the internet): most are answered by the CDN
  // from its cache (60 s, then stale while revalidated), so what reaches the API is revalidation
  // and cache misses. API Gateway limits per route, not per address: per-address limits need WAF
  // (docs/content.md).
  website: { rate: 100, burst: 200 },
};

/** Routes that start long work. */
const HEAVY: readonly string[] = ["POST /xiangyu/api/client/clientimport"];

export function routeClass(key: string, def: RouteDef): RouteClass {
  if (HEAVY.includes(key)) return "heavy";
  if (def.access.auth === "public" && splitKey(key).method === "POST") return "signIn";
  if (def.access.auth === "public" && def.cache) return "website";
  return "default";
}
