import type { Context } from "hono";
import { Hono } from "hono/tiny";
import { handle } from "hono/aws-lambda";
import { authenticate } from "@xiangyu/core/auth/service";
import { recordWrite } from "@xiangyu/core/auth/oplog";
import { checkAccess } from "@xiangyu/core/platform/menu";
import { DomainError, ModuleForbiddenError, SessionError } from "@xiangyu/core/kernel/errors";
import { INTERNAL_ERROR, type Envelope } from "@xiangyu/core/kernel/envelope";
import type { Caller } from "@xiangyu/core/kernel/context";
import type { Letter } from "@xiangyu/core/kernel/rights";
import { splitKey, type RouteDef, type RouteTable } from "./define.ts";
import type { Input } from "./input.ts";

export type RouteContext = {
  input: Input;
  /** Present on every route but public ones. */
  caller: Caller;
  /** The function the request came from, when the route is a module route. */
  fn?: { id: number; typename: string; module: string };
  requestId: string;
  ip: string;
  header: (name: string) => string | undefined;
};
/** A reply outside the envelope (style attr calls answer {check, msg}); `success` decides the log. */
export class RawReply {
  constructor(
    public readonly body: object,
    public readonly success: boolean,
  ) {}
}
export type Reply = Envelope | RawReply | Response;
export type Impl = (ctx: RouteContext) => Promise<Reply>;
export type Impls<T extends RouteTable> = { [K in keyof T]: Impl };

/** `{name}` / `{name+}` (API Gateway) → `:name` / `:name{.+}` (Hono). */
export const honoPath = (p: string) => p.replace(/\{(\w+)\+\}/g, ":$1{.+}").replace(/\{(\w+)\}/g, ":$1");

async function readInput(c: Context): Promise<Input> {
  const input: Input = { ...c.req.query(), ...c.req.param() };
  if (c.req.method !== "POST") return input;
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const text = await c.req.text();
    if (!text.trim()) return input;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new DomainError("请求数据格式不正确", "400");
    }
    if (body && typeof body === "object" && !Array.isArray(body)) Object.assign(input, body);
    return input;
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    Object.assign(input, await c.req.parseBody());
  }
  return input;
}

const letterFor = (def: RouteDef, input: Input): Letter | undefined => {
  if (def.access.auth !== "function") return undefined;
  const r = def.access.right;
  if (r === "save") return input.id !== undefined && input.id !== "" && input.id !== "0" && input.id !== 0 ? "E" : "A";
  return r;
};

const idsOf = (input: Input, reply: Envelope): string => {
  const raw = input.ids ?? input.id ?? (reply.data as any)?.id ?? "";
  return String(raw).slice(0, 500);
};

/** The caller's branch: platform-level staff may work in the branch the header names, others in their own. */
function withBranch(caller: Caller, header: string | undefined): Caller {
  const b = Number(header);
  return caller.managelevel === 1 && header && Number.isInteger(b) ? { ...caller, branchId: b } : caller;
}

/**
 * Builds an area's Lambda: each route parses its input, authenticates, checks the module and the
 * right letter, runs, answers in the envelope, and logs a successful write.
 */
export function areaApp<T extends RouteTable>(routes: T, impls: Impls<T>): Hono {
  const app = new Hono();
  for (const key of Object.keys(routes)) {
    const def = routes[key];
    const impl = impls[key as keyof T];
    const { method, path } = splitKey(key);
    app.on(method, honoPath(path), async (c) => {
      const event = (c.env as any)?.event;
      const requestId: string = event?.requestContext?.requestId ?? crypto.randomUUID();
      const ip: string = event?.requestContext?.http?.sourceIp ?? "";
      // Settles when the session item has been read; reads run alongside it, writes wait for it.
      let alive: Promise<void> | undefined;
      try {
        const input = await readInput(c);
        let caller = undefined as unknown as Caller;
        let fn: RouteContext["fn"];
        if (def.access.auth !== "public") {
          const auth = await authenticate(c.req.header("authorization"));
          alive = auth.alive;
          caller = withBranch(auth.caller, c.req.header("branchid"));
          const appId = c.req.header("appid");
          if (appId && appId !== caller.tenantId) throw new ModuleForbiddenError();
          if (method !== "GET") await alive;
        }
        if (def.access.auth === "function") {
          const functionId = Number(c.req.header("functionid") ?? input.functionId) || undefined;
          const f = await checkAccess(caller, functionId, def.access.modules, letterFor(def, input));
          fn = { id: f.id, typename: f.typename, module: f.module ?? "" };
          caller = { ...caller, functionId: f.id };
        }
        const running = impl({ input, caller, fn, requestId, ip, header: (n) => c.req.header(n) });
        const [done, session] = await Promise.allSettled([running, alive]);
        if (session.status === "rejected") throw session.reason;
        if (done.status === "rejected") throw done.reason;
        const reply = done.value;
        if (reply instanceof Response) return reply;
        const success = reply instanceof RawReply ? reply.success : reply.code === "200";
        if (method === "POST" && def.log !== false && caller && success) {
          await recordWrite(caller, { route: path, method, fn, ids: idsOf(input, reply instanceof RawReply ? { code: "200", desc: "", data: reply.body } : reply), ip });
        }
        return c.json(reply instanceof RawReply ? reply.body : reply);
      } catch (e) {
        // A dead session answers 401 whatever else went wrong meanwhile.
        if (alive && !(e instanceof SessionError) && (await alive.then(() => false, () => true))) e = new SessionError();
        if (e instanceof DomainError) return c.json({ code: e.code === "200" ? "500" : e.code, desc: e.desc });
        if (e instanceof SessionError) return c.json({ code: "401", desc: e.message }, 401);
        if (e instanceof ModuleForbiddenError) return c.json({ code: "403", desc: e.message }, 403);
        console.error(JSON.stringify({ level: "error", requestId, route: key, error: String((e as Error)?.stack ?? e) }));
        return c.json({ code: "500", desc: `${INTERNAL_ERROR}（请求号：${requestId}）` }, 500);
      }
    });
  }
  app.notFound((c) => c.json({ code: "404", desc: "接口不存在" }, 404));
  app.onError((e, c) => {
    console.error(JSON.stringify({ level: "error", error: String(e?.stack ?? e) }));
    return c.json({ code: "500", desc: INTERNAL_ERROR }, 500);
  });
  return app;
}

/** The Lambda entry point of an area: the same function the local gateway calls. */
export const lambda = (app: Hono) => handle(app);
