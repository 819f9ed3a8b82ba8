import { readToken } from "@xiangyu/core/auth/tokens";
import { resolveCaller } from "@xiangyu/core/auth/service";
import { listOplog } from "@xiangyu/core/auth/oplog";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { compare, type Plan, type Variant } from "./timing.ts";
import { table } from "./markdown.ts";
import { ms, ratio, times } from "./stats.ts";

/**
 * The session read is a DynamoDB round trip made before the route's own reads. This times the
 * page-1 list at the service level three ways, to size the ways of paying less for it:
 * in series (today), in parallel with the route's reads, and not at all (a cache hit).
 * Nothing here is product code: the route's caller is taken as known where the option would
 * build it from the token.
 */
export async function sessionOptions(o: { token: string; plan: Plan; bare: Variant }): Promise<string> {
  const bearer = `Bearer ${o.token}`;
  const caller = await resolveCaller(bearer);
  const page = readPaging({ currentPage: 1, pageSize: 20 });
  const options: Record<string, [string, Variant]> = {
    bare: ["bare DynamoDB calls (page query ∥ total GetItem)", o.bare],
    series: ["today: resolveCaller, then the service", async () => listOplog(await resolveCaller(bearer), page, {})],
    parallel: ["session GetItem in parallel with the service's reads", () => Promise.all([resolveCaller(bearer), listOplog(caller, page, {})])],
    cached: [
      "session from a per-container cache: JWT verify, then the service",
      async () => {
        await readToken(o.token);
        return listOplog(caller, page, {});
      },
    ],
  };
  const t = await compare(Object.fromEntries(Object.entries(options).map(([k, [, v]]) => [k, v])), o.plan);
  return table(
    ["oplog list page 1, service level", " p50 ms", " p95 ms", " ÷ bare p50"],
    Object.entries(options).map(([k, [label]]) => [label, ms(t[k].p50), ms(t[k].p95), times(ratio(t[k].p50, t.bare.p50))]),
  );
}
