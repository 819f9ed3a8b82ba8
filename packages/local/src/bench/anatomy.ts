import { Session } from "@xiangyu/core/auth/entities";
import { Tenant } from "@xiangyu/core/platform/entities";
import { readToken } from "@xiangyu/core/auth/tokens";
import { resolveCaller } from "@xiangyu/core/auth/service";
import { checkAccess } from "@xiangyu/core/platform/menu";
import { ok } from "@xiangyu/core/kernel/envelope";
import { areaApp, lambda } from "@xiangyu/functions/http/app";
import { data, moduleRoute, publicRoute } from "@xiangyu/functions/http/define";
import { noInput } from "@xiangyu/core/kernel/fields";
import { apiEvent } from "@xiangyu/functions/http/event";
import { compare, type Plan, type Variant } from "./timing.ts";
import { table } from "./markdown.ts";
import { ms } from "./stats.ts";

/**
 * Times the pieces every guarded request runs before its own work, one at a time, so an overhead
 * can be traced to a cause: the Lambda adapter and routing (an empty route), the token, the session
 * read, the role and menu caches.
 */
const EMPTY = "GET /bench/empty";
const GUARDED = "GET /bench/guarded";

export async function anatomy(o: { tenantId: string; token: string; functionId: number; plan: Plan }): Promise<string> {
  const open = lambda(areaApp({ [EMPTY]: publicRoute({ input: noInput, reply: data<object>() }) }, { [EMPTY]: async () => ok({}) }));
  const guarded = lambda(areaApp({ [GUARDED]: moduleRoute("auth", { input: noInput, reply: data<object>() }) }, { [GUARDED]: async () => ok({}) }));
  const headers = { host: "127.0.0.1", authorization: `Bearer ${o.token}`, functionid: String(o.functionId) };
  const call =
    (h: (e: any, c?: any) => Promise<any>, path: string): Variant =>
    async () => {
      const r = await h(apiEvent({ method: "GET", url: `${path}?currentPage=1`, headers, routeKey: `GET ${path}` }), { awsRequestId: "bench" });
      if (r.statusCode !== 200 || !String(r.body).includes('"code":"200"')) throw new Error(`${path}: ${r.statusCode} ${r.body}`);
    };
  const claims = (await readToken(o.token))!;
  const caller = await resolveCaller(`Bearer ${o.token}`);

  const sessionRead = () => Session.get({ tenantId: claims.tid, userId: claims.uid, sessionId: claims.sid }).go();
  // The read auth/sessions.ts makes beside the session on every request (a disabled tenant's sessions end at once).
  const tenantRead = () => Tenant.get({ clientId: claims.tid }).go({ attributes: ["idisplay", "sessionsFrom", "deleting"] });
  const pieces: Record<string, [string, Variant]> = {
    empty: ["empty public route: event → routing → JSON envelope (no I/O)", call(open, "/bench/empty")],
    guarded: ["empty guarded route: the above + resolveCaller + checkAccess", call(guarded, "/bench/guarded")],
    token: ["JWT verify (readToken)", () => readToken(o.token)],
    session: ["session GetItem (Session.get)", () => sessionRead()],
    tenant: ["tenant GetItem, projected (is the tenant enabled, since when)", () => tenantRead()],
    both: ["session GetItem ∥ tenant GetItem (what the session check waits for)", () => Promise.all([sessionRead(), tenantRead()])],
    caller: ["resolveCaller (token + session ∥ tenant + role cache)", () => resolveCaller(`Bearer ${o.token}`)],
    access: ["checkAccess (menu cache)", () => checkAccess(caller, o.functionId, ["auth"])],
  };
  const timed = await compare(Object.fromEntries(Object.entries(pieces).map(([k, [, v]]) => [k, v])), o.plan);
  return table(
    ["piece", " p50 ms", " p95 ms"],
    Object.entries(pieces).map(([k, [label]]) => [label, ms(timed[k].p50), ms(timed[k].p95)]),
  );
}
