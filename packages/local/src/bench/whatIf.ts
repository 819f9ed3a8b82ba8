import { readToken } from "@xiangyu/core/auth/tokens";
import { authenticate, resolveCaller } from "@xiangyu/core/auth/service";
import { forgetSessions } from "@xiangyu/core/auth/sessions";
import { listOplog } from "@xiangyu/core/auth/oplog";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { compare, type Plan, type Variant } from "./timing.ts";
import { table } from "./markdown.ts";
import { ms, ratio, times } from "./stats.ts";

/**
 * The session check before the route's own reads, timed on the page-1 list at the service level:
 * in series (as before the check ran beside the route), beside the route reading session and
 * tenant (before issue 39), beside the route reading the tenant's gate alone (now, the session
 * remembered by the container), and not at all (the floor: no check can be cheaper). Only "now"
 * is product code; the others are sketches to size the ways.
 */
export async function sessionOptions(o: { token: string; plan: Plan; bare: Variant }): Promise<string> {
  const bearer = `Bearer ${o.token}`;
  const caller = await resolveCaller(bearer);
  const page = readPaging({ currentPage: 1, pageSize: 20 });
  const now = async () => {
    const a = await authenticate(bearer);
    return Promise.all([listOplog(a.caller, page, {}), a.alive]);
  };
  const options: Record<string, [string, Variant]> = {
    bare: ["bare DynamoDB calls (page query ∥ total GetItem)", o.bare],
    series: ["resolveCaller (session ∥ tenant), then the service", async () => listOplog(await resolveCaller(bearer), page, {})],
    parallel: ["session GetItem ∥ tenant GetItem beside the service's reads (before issue 39)", () => Promise.all([resolveCaller(bearer), listOplog(caller, page, {})])],
    now: ["now: tenant gate GetItem beside the service's reads, session remembered", now],
    fresh: [
      "now, in a fresh container: gate read then session read, beside the service",
      () => {
        forgetSessions();
        return now();
      },
    ],
    cached: [
      "no check at all: JWT verify, then the service (the floor)",
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
