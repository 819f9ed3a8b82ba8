import { authenticate } from "@xiangyu/core/auth/sessions";
import type { Member } from "@xiangyu/core/auth/memberAuth";
import { recordEvent, recordRefusal, recordWrite, reserveEntryId } from "@xiangyu/core/auth/oplog";
import { checkAccess, functionOf } from "@xiangyu/core/platform/menu";
import { requirePlatformOperator } from "@xiangyu/core/platform/operator";
import { DomainError, ModuleForbiddenError, SessionError } from "@xiangyu/core/kernel/errors";
import { INTERNAL_ERROR, type Envelope } from "@xiangyu/core/kernel/envelope";
import { BAD_INPUT } from "@xiangyu/core/kernel/fields";
import { secrets } from "@xiangyu/core/kernel/config";
import { currentRequest, errorText, logLine, withLogScope, type LogScope } from "@xiangyu/core/kernel/log";
import { joinReadsOf } from "@xiangyu/core/kernel/aws";
import type { Caller } from "@xiangyu/core/kernel/context";
import { requireLetter, type Letter } from "@xiangyu/core/kernel/rights";
import { staleWrite } from "@xiangyu/core/kernel/tx";
import { actionLabel, pathPattern, splitKey, type AnyOf, type ParsedOf, type RouteDef, type RouteTable, type ShapeOf } from "./define.ts";
import type { ApiEvent, LambdaResult } from "./event.ts";
import { parse, type Input } from "./input.ts";
import { fromOrigin, viewerAddress } from "./viewer.ts";
import { etagOf, namesEtag } from "./etag.ts";

// A request is its log scope: its point reads share a BatchGetItem (kernel/dynamoLite/pointReads.ts).
joinReadsOf(currentRequest);

/** Largest request body a route takes unless it says otherwise (forms and JSON; files go to S3 by presigned PUT). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Longest query string: every list's filters fit in far less. */
export const MAX_QUERY_CHARS = 8 * 1024;
export const TOO_LARGE = "请求数据过大";
export const TOO_LONG = "请求参数过长";
/** Said to a request that reached API Gateway without passing through the stage's CloudFront. */
export const AROUND_EDGE = "请通过正式地址访问";

export type RouteContext<I = Input> = {
  /** The route's input schema's output: parsed before the handler runs. */
  input: I;
  /** Names the records the route acted on: the operation log records these, never the ids the request claimed. */
  actedOn: (ids: number | string | readonly (number | string)[]) => void;
  /** Present on staff routes (session and module routes). */
  caller: Caller;
  /** Present on member routes (`memberRoute`) only: the mini-program's signed-in mobile user. */
  member: Member;
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
/**
 * A reply already in API Gateway's form, answered as it is: no Response is built (see
 * `isResponse`: naming one loads undici, ≈ 30 ms of a first request). The OpenAPI document's.
 */
export class ReadyReply {
  constructor(public readonly result: LambdaResult) {}
}
export type Reply = Envelope | RawReply | ReadyReply | Response;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table of handlers erases each one's input type (Impls<R> keeps it)
export type Impl = (ctx: RouteContext<any>) => Promise<Reply>;
/** What a handler may answer for a route: its declared envelope (or any refusal), a Response, a raw body. */
export type ReplyOf<D> =
  ShapeOf<D> extends { kind: "envelope"; data: infer Data; list: infer L }
    ? Envelope<Data, L>
    : ShapeOf<D> extends { kind: "raw"; body: infer B }
      ? RawReply & { body: B }
      : Response | ReadyReply | Envelope<never, never>;
/** One handler per route, typed by the route's input and reply. */
export type Impls<T extends RouteTable> = { [K in keyof T]: (ctx: RouteContext<ParsedOf<T[K]>>) => Promise<ReplyOf<T[K]>> };
export type AreaApp = { handle: (event: ApiEvent) => Promise<LambdaResult> };

/** Authenticated replies are never kept by a browser or a proxy. */
const json = (body: unknown, statusCode = 200): LambdaResult => ({
  statusCode,
  headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" },
  body: JSON.stringify(body),
});

/**
 * A cacheable public reply (a route's `cache`): the body's hash is its ETag, so a browser or the CDN
 * revalidating an unchanged page gets 304 and no body. Refusals and errors stay `no-store`.
 */
function cached(body: unknown, cache: NonNullable<RouteDef["cache"]>, ifNoneMatch: string | undefined): LambdaResult {
  const text = JSON.stringify(body);
  const etag = etagOf(text);
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": `public, max-age=${cache.maxAge}, stale-while-revalidate=${cache.swr}`,
    etag,
    "x-content-type-options": "nosniff",
  };
  if (namesEtag(ifNoneMatch, etag)) return { statusCode: 304, headers, body: "" };
  return { statusCode: 200, headers, body: text };
}

/** Text stays text; anything else (a spreadsheet, a picture) travels base64 as API Gateway expects. */
const isText = (type: string) => !type || /^text\/|json|xml|javascript|urlencoded/.test(type);

/**
 * A handler's Response. `instanceof Response` is asked only of a reply that is no envelope (a
 * plain object) and no RawReply: naming the global `Response` makes Node load its fetch
 * implementation (undici), ≈ 30 ms of a Lambda's first request (docs/performance.md, cold starts).
 */
const isResponse = (reply: Reply): reply is Response => Object.getPrototypeOf(reply) !== Object.prototype && !(reply instanceof RawReply) && reply instanceof Response;

async function fromResponse(r: Response): Promise<LambdaResult> {
  const headers: Record<string, string> = {};
  r.headers.forEach((v, k) => (headers[k] = v));
  if (isText(headers["content-type"] ?? "")) return { statusCode: r.status, headers, body: await r.text() };
  return { statusCode: r.status, headers, body: Buffer.from(await r.arrayBuffer()).toString("base64"), isBase64Encoded: true };
}

/** Query, path parameters and the body (form, multipart or JSON) as one input object. */
async function readInput(event: ApiEvent, method: string, params: Record<string, string>, maxBody: number): Promise<Input> {
  if ((event.rawQueryString ?? "").length > MAX_QUERY_CHARS) throw new DomainError(TOO_LONG, "400");
  const input: Input = { ...(event.queryStringParameters ?? {}), ...params };
  if (method !== "POST" || !event.body) return input;
  // Base64 is 4/3 of the bytes: refuse before decoding what could only be too large.
  if (event.body.length > (event.isBase64Encoded ? Math.ceil((maxBody * 4) / 3) + 4 : maxBody * 4)) throw new DomainError(TOO_LARGE, "413");
  const body = event.isBase64Encoded ? Buffer.from(event.body, "base64") : Buffer.from(event.body, "utf8");
  if (body.length > maxBody) throw new DomainError(TOO_LARGE, "413");
  const type = event.headers?.["content-type"] ?? "";
  if (type.includes("application/json")) {
    const text = body.toString("utf8");
    if (!text.trim()) return input;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new DomainError("请求数据格式不正确", "400");
    }
    // A list, a string or a number is no record of fields: refused, not run without its input.
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new DomainError(BAD_INPUT, "400");
    Object.assign(input, parsed);
  } else if (type.includes("application/x-www-form-urlencoded")) {
    new URLSearchParams(body.toString("utf8")).forEach((v, k) => (input[k] = v));
  } else if (type.includes("multipart/form-data")) {
    // The platform's own multipart parser (undici): fields as strings, files as File.
    const form = await new Request("http://lambda/", { method: "POST", headers: { "content-type": type }, body }).formData().catch(() => {
      throw new DomainError("请求数据格式不正确", "400");
    });
    form.forEach((v, k) => (input[k] = v));
  } else if (body.toString("utf8").trim()) {
    // A body of any other type (text, XML, none named) is not read: refused rather than run without it.
    throw new DomainError(BAD_INPUT, "400");
  }
  return input;
}

/** The letter (or any of the letters) this call needs: a "save" route's by whether the input names an id. */
const lettersFor = (def: RouteDef, input: Input): Letter | AnyOf | undefined => {
  if (def.access.auth !== "function") return undefined;
  const r = def.access.right;
  if (r === "save") return input.id !== undefined && input.id !== "" && input.id !== "0" && input.id !== 0 ? "E" : "A";
  return r;
};
/** The one letter the operation log names the action by (新增… or 修改… for a "save" route). */
const letterFor = (def: RouteDef, input: Input): Letter | undefined => {
  const l = lettersFor(def, input);
  return typeof l === "string" ? l : undefined;
};

/** What the log names: the records the handler said it acted on, else the id of the record it answered with. */
const idsOf = (acted: string[], reply: Envelope): string => {
  if (acted.length) return acted.join(",").slice(0, 500);
  const id = (reply.data as { id?: unknown } | undefined)?.id;
  return id === undefined || id === null ? "" : String(id).slice(0, 500);
};

/** What the operation log keeps of a successful request: writes, reveals, reads of people's data. */
async function audit(
  def: RouteDef,
  r: { caller: Caller; path: string; method: string; fn: RouteContext["fn"]; ip: string; acted: string[]; reply: Envelope | RawReply; letter?: Letter },
  entryId?: Promise<number>,
): Promise<void> {
  const envelope = r.reply instanceof RawReply ? { code: "200", desc: "", data: r.reply.body } : r.reply;
  const at = { route: r.path, method: r.method, ip: r.ip, fn: r.fn, module: r.fn?.module, action: actionLabel(def, r.letter) };
  if (def.audit === "reveal") return recordEvent(r.caller, "reveal", { ...at, ids: idsOf(r.acted, envelope) }, entryId);
  if (def.audit === "personalData") return recordEvent(r.caller, "export", { ...at, rows: envelope.dataList?.length ?? (envelope.data ? 1 : 0) }, entryId);
  if (r.method === "POST" && def.log !== false) await recordWrite(r.caller, { ...at, ids: idsOf(r.acted, envelope) });
}

/**
 * A log entry's id taken ahead, a round before the entry is written: an audited route's while the
 * route runs, a refusal's while the session check is awaited. Unused when no entry follows; a
 * failure is the log's to report (auth/oplog.ts append).
 */
function entryIdAhead(caller: Caller): Promise<number> {
  const id = reserveEntryId(caller.tenantId);
  id.catch(() => undefined);
  return id;
}

/** The caller's branch: platform-level staff may work in the branch the header names, others in their own. */
function withBranch(caller: Caller, header: string | undefined): Caller {
  const b = Number(header);
  return caller.managelevel === 1 && header && Number.isInteger(b) ? { ...caller, branchId: b } : caller;
}

/** Path parameters decoded; null when one is not valid percent-encoding ("%ZZ"). */
function pathParams(groups: Record<string, string>): Record<string, string> | null {
  try {
    return Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, decodeURIComponent(v)]));
  } catch {
    return null;
  }
}

/**
 * What a session still holding a password someone else set may reach (the token's `mc` claim):
 * who am I (the console opens the forced dialog from it), the change itself, and logout.
 */
export const MUST_CHANGE_FIRST = "请先修改初始密码";
const BEFORE_PASSWORD_CHANGE = new Set(["GET /gateway/api/manage/users/info", "POST /gateway/api/manage/users/changepassword", "POST /gateway/oauth/logout"]);

type Bound = { key: string; method: string; path: string; re: RegExp; def: RouteDef; impl: Impl };

/** An unexpected failure: logged whole (with the request's scope), answered with the request number only. */
function failed(e: unknown, requestId: string): LambdaResult {
  logLine("error", { error: errorText(e) });
  return json({ code: "500", desc: `${INTERNAL_ERROR}（请求号：${requestId}）` }, 500);
}

/** A refused module or letter (HTTP 403, or code 403 for a letter). */
const isRefusal = (e: unknown): e is ModuleForbiddenError | DomainError => e instanceof ModuleForbiddenError || (e instanceof DomainError && e.code === "403");

/** What the adapter knows of the request before the route runs. */
type Received = { requestId: string; originSecret: string | undefined; log: LogScope };

/** Runs one route: authenticate, check the module and the letter, run, answer, log a write. */
async function run(route: Bound, event: ApiEvent, params: Record<string, string>, opts: AreaOptions, req: Received): Promise<LambdaResult> {
  const { def, impl, method, path } = route;
  const { requestId, log } = req;
  const header = (n: string) => event.headers?.[n.toLowerCase()];
  // Settles when the session check is done (auth/sessions.ts); reads run alongside it, writes wait for it.
  let alive: Promise<void> | undefined;
  const acted: string[] = [];
  const actedOn = (ids: number | string | readonly (number | string)[]) => {
    for (const id of Array.isArray(ids) ? ids : [ids]) acted.push(String(id));
  };
  let caller = undefined as unknown as Caller;
  let member = undefined as unknown as Member;
  let fn: RouteContext["fn"];
  let functionId: number | undefined;
  // The platform-operator check, started beside the session's reads (refusals still in the order below).
  let operator: Promise<void> | undefined;
  // The viewer's own address behind CloudFront, else API Gateway's source address (one machine).
  const ip = viewerAddress(event, req.originSecret);
  try {
    // The website's public reads are limited per client address (API Gateway limits per route only).
    if (def.access.auth === "public" && def.cache && !(await opts.publicReads!(ip))) return json({ code: "429", desc: TOO_MANY_READS }, 429);
    const input = await readInput(event, method, params, def.maxBody ?? MAX_BODY_BYTES);
    if (def.access.auth === "function") functionId = Number(header("functionid") ?? input.functionId) || undefined;
    if (def.access.auth === "member") {
      member = await opts.members!(header("authorization"));
      log.tenant = member.tenantId;
    } else if (def.access.auth !== "public") {
      const auth = await authenticate(header("authorization"), (who) => {
        // Shared with checkAccess and the operator check below (each keeps its read): issued with the role read.
        if (functionId) functionOf(who.tenantId, functionId).catch(() => undefined);
        if (def.operator) (operator = requirePlatformOperator(who)).catch(() => undefined);
      });
      alive = auth.alive;
      caller = withBranch(auth.caller, header("branchid"));
      log.tenant = caller.tenantId;
      if (auth.mustChange && !BEFORE_PASSWORD_CHANGE.has(route.key)) throw new ModuleForbiddenError(MUST_CHANGE_FIRST);
      const appId = header("appid");
      if (appId && appId !== caller.tenantId) throw new ModuleForbiddenError();
      if (method !== "GET") await alive;
    }
    if (def.access.auth === "function") {
      const f = await checkAccess(caller, functionId, def.access.modules, lettersFor(def, input), def.denial);
      fn = { id: f.id, typename: f.typename, module: f.module ?? "" };
      caller = { ...caller, functionId: f.id };
      if (def.access.also) requireLetter(caller, def.access.also);
    }
    if (def.operator) await (operator ?? requirePlatformOperator(caller));
    // Parsed after the access check: a caller without the right learns nothing of the input's rules.
    let parsed: unknown;
    try {
      parsed = parse(def.input, input);
    } catch (e) {
      if (def.badInputAs === "check" && e instanceof DomainError) return json({ check: 0, msg: e.desc });
      throw e;
    }
    const entryId = caller && def.audit ? entryIdAhead(caller) : undefined;
    const [done, session] = await Promise.allSettled([impl({ input: parsed, actedOn, caller, member, fn, requestId, ip, header }), alive]);
    if (session.status === "rejected") throw session.reason;
    if (done.status === "rejected") throw done.reason;
    const reply = done.value;
    if (reply instanceof ReadyReply) return reply.result;
    if (isResponse(reply)) return fromResponse(reply);
    const success = reply instanceof RawReply ? reply.success : reply.code === "200";
    if (caller && success) await audit(def, { caller, path, method, fn, ip, acted, reply, letter: letterFor(def, input) }, entryId);
    if (def.cache && success && method === "GET" && !(reply instanceof RawReply)) return cached(reply, def.cache, header("if-none-match"));
    return json(reply instanceof RawReply ? reply.body : reply);
  } catch (e) {
    // A refusal's log entry takes its id while the session check below is still awaited (unused if the session ended).
    const entryId = isRefusal(e) && caller ? entryIdAhead(caller) : undefined;
    // A dead session answers 401 whatever else went wrong meanwhile.
    if (
      alive &&
      !(e instanceof SessionError) &&
      (await alive.then(
        () => false,
        () => true,
      ))
    )
      e = new SessionError();
    e = staleWrite(e) ?? e;
    // A refused module or letter is evidence: who tried what, from where (never throws).
    if (isRefusal(e) && caller) await recordRefusal(caller, { route: path, method, ip, reason: e instanceof DomainError ? e.desc : (e as Error).message, functionId, fn }, entryId);
    if (e instanceof DomainError) return json({ code: e.code === "200" ? "500" : e.code, desc: e.desc });
    if (e instanceof SessionError) return json({ code: "401", desc: e.message }, 401);
    if (e instanceof ModuleForbiddenError) return json({ code: "403", desc: e.message }, 403);
    return failed(e, requestId);
  }
}

/**
 * Builds an area's Lambda from its route table: API Gateway's own routing already chose the
 * area, so matching here is a short list of patterns (the local gateway sends the same events).
 */
/**
 * How member routes find their member (core auth/memberAuth.ts `authenticateMember`): handed in by
 * the areas that have member routes, so the staff-only Lambdas do not carry it.
 */
type MemberCheck = (authorization: string | undefined) => Promise<Member>;
/** The website's reads per client address (core auth/addressLimit.ts `admitPublicRead`), handed in by the areas with cached public routes. */
type AddressCheck = (ip: string) => Promise<boolean>;
type AreaOptions = { members?: MemberCheck; publicReads?: AddressCheck };
/** Said when an address is past its public reads (core auth/addressLimit.ts). */
export const TOO_MANY_READS = "访问过于频繁，请稍后再试";

export function areaApp<T extends RouteTable>(routes: T, impls: Impls<T>, opts: AreaOptions = {}): AreaApp {
  const bound: Bound[] = Object.keys(routes).map((key) => {
    const { method, path } = splitKey(key);
    const impl = impls[key as keyof T] as Impl | undefined;
    if (!impl) throw new Error(`no implementation for ${key}`);
    return { key, method, path, re: pathPattern(path), def: routes[key], impl };
  });
  for (const key of Object.keys(impls)) if (!(key in routes)) throw new Error(`${key} has no route`);
  const memberRoute = bound.find((r) => r.def.access.auth === "member");
  if (memberRoute && !opts.members) throw new Error(`${memberRoute.key} is a member route: areaApp needs { members: authenticateMember }`);
  const cachedRoute = bound.find((r) => r.def.access.auth === "public" && r.def.cache);
  if (cachedRoute && !opts.publicReads) throw new Error(`${cachedRoute.key} is a cached public read: areaApp needs { publicReads: admitPublicRead }`);
  const match = (method: string, path: string) => {
    for (const r of bound) {
      if (r.method !== method) continue;
      const m = r.re.exec(path);
      if (m) return { r, groups: m.groups ?? {} };
    }
    return undefined;
  };
  return {
    async handle(event) {
      const method = event.requestContext?.http?.method ?? "GET";
      const path = event.rawPath ?? "/";
      const found = match(method, path);
      const requestId = event.requestContext?.requestId ?? crypto.randomUUID();
      // Every line this request logs names it; the tenant is filled in once the caller is known.
      const log: LogScope = { requestId, route: found?.r.key ?? `${method} ${path.slice(0, 200)}`, tenant: null };
      return withLogScope(log, async () => {
        let originSecret: string | undefined;
        try {
          originSecret = (await secrets()).originSecret;
        } catch (e) {
          return failed(e, requestId);
        }
        // Straight to execute-api, around CloudFront and its WAF: refused before anything is read,
        // without even a 404 telling which routes exist. Not logged here: API Gateway's access log
        // has every status, and a line per probe would let anyone fill the function's log.
        if (!fromOrigin(event, originSecret)) return json({ code: "403", desc: AROUND_EDGE }, 403);
        if (!found) return json({ code: "404", desc: "接口不存在" }, 404);
        const params = pathParams(found.groups);
        if (!params) return json({ code: "400", desc: BAD_INPUT });
        return run(found.r, event, params, opts, { requestId, originSecret, log });
      });
    },
  };
}

/** The Lambda entry point of an area: the same function the local gateway calls. */
export const lambda = (app: AreaApp) => (event: ApiEvent) => app.handle(event);
