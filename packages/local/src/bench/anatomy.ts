import { Session } from "@xiangyu/core/auth/entities";
import { Tenant } from "@xiangyu/core/platform/entities";
import { readToken } from "@xiangyu/core/auth/tokens";
import { authenticate, resolveCaller } from "@xiangyu/core/auth/service";
import { forgetSessions } from "@xiangyu/core/auth/sessions";
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
      const r = await h(apiEvent({ method: "GET", url: path, headers, routeKey: `GET ${path}` }), { awsRequestId: "bench" });
      if (r.statusCode !== 200 || !String(r.body).includes('"code":"200"')) throw new Error(`${path}: ${r.statusCode} ${r.body}`);
    };
  const claims = (await readToken(o.token))!;
  const caller = await resolveCaller(`Bearer ${o.token}`);

  const sessionRead = () => Session.get({ tenantId: claims.tid, userId: claims.uid, sessionId: claims.sid }).go({ attributes: ["expiresAt", "startedAt", "lastSeenAt"] });
  // The read auth/sessions.ts makes on every request (a disabled tenant's sessions, and sessions ended in another container, end at once).
  const tenantRead = () => Tenant.get({ clientId: claims.tid }).go({ attributes: ["idisplay", "sessionsFrom", "deleting", "sessionsVersion"] });
  const check = async () => (await authenticate(`Bearer ${o.token}`)).alive;
  const pieces: Record<string, [string, Variant]> = {
    empty: ["empty public route: event → routing → JSON envelope (no I/O)", call(open, "/bench/empty")],
    guarded: ["empty guarded route: the above + authenticate + session check + checkAccess", call(guarded, "/bench/guarded")],
    token: ["JWT verify (readToken)", () => readToken(o.token)],
    session: ["session GetItem, projected (Session.get)", () => sessionRead()],
    tenant: ["tenant gate GetItem, projected (enabled, since when, session version)", () => tenantRead()],
    both: ["session GetItem ∥ tenant GetItem (the check before issue 39)", () => Promise.all([sessionRead(), tenantRead()])],
    remembered: ["session check, session remembered by the container (gate read only)", check],
    fresh: [
      "session check in a fresh container (gate read, then session read)",
      () => {
        forgetSessions();
        return check();
      },
    ],
    caller: ["resolveCaller (token + session ∥ tenant + role cache; tokens without claims)", () => resolveCaller(`Bearer ${o.token}`)],
    access: ["checkAccess (menu cache)", () => checkAccess(caller, o.functionId, ["auth"])],
  };
  const timed = await compare(Object.fromEntries(Object.entries(pieces).map(([k, [, v]]) => [k, v])), o.plan);
  return table(
    ["piece", " p50 ms", " p95 ms"],
    Object.entries(pieces).map(([k, [label]]) => [label, ms(timed[k].p50), ms(timed[k].p95)]),
  );
}
