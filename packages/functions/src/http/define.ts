import type * as v from "valibot";
import type { Letter } from "@xiangyu/core/kernel/rights";

/**
 * Route metadata, kept apart from the code that serves it so the stacks, the local gateway and
 * the console's typed client can read every area's routes without loading the area. Paths are
 * written as API Gateway writes them. A route declares who may call it, its input (a valibot
 * schema the adapter parses before the handler runs) and its reply (a type only).
 */
export type Access =
  | { auth: "public" }
  | { auth: "session" }
  /** A mini-program member's call (core auth/member.ts): a member token, never a staff one. */
  | { auth: "member" }
  /** A screen's route: the functionId header must name a function of one of these modules. */
  | {
      auth: "function";
      modules: readonly string[];
      right?: Right;
      /**
       * A letter needed besides the action's own, checked by the adapter right after it (before the
       * input is read): product type management is R on the product list on top of A/E/D (R043, R348).
       */
      also?: Letter;
    };

/**
 * The letter a screen's route needs: one letter; "save" (A when the input has no id, E when it has
 * one, R046); or any of several (`["A", "E"]`: writing the hotel status needs E or A, R099), refused
 * with the first letter's denial or the route's `denial`.
 */
export type Right = Letter | "save" | AnyOf;
export type AnyOf = readonly [Letter, Letter, ...Letter[]];

/** What a route answers: the envelope's data and list element types, or a file/redirect, or a bare body. */
export type ReplyShape = { kind: "envelope"; data: unknown; list: unknown } | { kind: "response" } | { kind: "raw"; body: unknown };
declare const SHAPE: unique symbol;
/** A reply declared by type alone: nothing of it exists at run time. */
export type Returns<S extends ReplyShape = ReplyShape> = { readonly [SHAPE]?: S };

const typeOnly = <S extends ReplyShape>(): Returns<S> => ({});
/** The reply carries `data` of type D. */
export const data = <D>() => typeOnly<{ kind: "envelope"; data: D; list: never }>();
/** The reply carries `dataList` of L (paged or not). */
export const list = <L>() => typeOnly<{ kind: "envelope"; data: never; list: L }>();
/** The reply carries both (a list with a summary beside it). */
export const dataAndList = <D, L>() => typeOnly<{ kind: "envelope"; data: D; list: L }>();
/** The reply says only code and desc. */
export const done = () => typeOnly<{ kind: "envelope"; data: never; list: never }>();
/** A file, a redirect or another non-JSON answer. */
export const response = () => typeOnly<{ kind: "response" }>();
/** A JSON body outside the envelope (the style attribute calls answer {check, msg}). */
export const raw = <B>() => typeOnly<{ kind: "raw"; body: B }>();

export type RouteDef<I extends v.GenericSchema = v.GenericSchema, R extends ReplyShape = ReplyShape> = {
  access: Access;
  /** Parsed before the handler runs: the handler receives its output. */
  input: I;
  reply: Returns<R>;
  /**
   * Writes are logged unless told otherwise (`false`: login itself, log reads). A logged route names
   * its action in Chinese for the operation log ("删除酒店"); every logged POST must (routeLabels.test.ts).
   * A "save" route's label starts with 保存 and the log shows 新增… or 修改… by whether an id was sent.
   */
  log?: boolean | string;
  /** Largest request body in bytes (default MAX_BODY_BYTES in app.ts). */
  maxBody?: number;
  /** Bad input answered as `{check: 0, msg}` rather than the envelope (the style attribute calls, R002). */
  badInputAs?: "check";
  /**
   * Evidence the operation log keeps beyond writes: "reveal" — a stored secret shown (logged as a
   * reveal of the records acted on, not as a write); "personalData" — a list of people's mobiles and
   * ID numbers read (logged with its row count, so bulk reads and exports can be traced).
   */
  audit?: "reveal" | "personalData";
  /**
   * Only the platform operator may call it (core/platform/operator.ts): checked by the adapter after
   * the module and the letter, before the input is read, so every platform route says so in one place
   * and the rights matrix knows what to expect of it.
   */
  operator?: true;
  /**
   * The route lists, counts, reads or writes records kept under a department (hotels, clients,
   * orders, a store's products, staff): its service narrows them to the caller's data scope
   * (core kernel/dataScope.ts). dataScope.test.ts walks the manifest: a route that answers a store's
   * records to the head office must say so, and a caller scoped to another store must get none.
   * "tenant": the route shows every store's records by design (the booking pickers' hotel
   * catalogue: a member books any hotel of the tenant), said so it is not mistaken for a leak.
   */
  scope?: "department" | "tenant";
  /**
   * The refusal for a missing letter when the spec words it for this action rather than by the
   * letter (a return needs E but says 你没有退回权限, R232; a review needs P but says 你没有审核权限).
   */
  denial?: string;
  /**
   * A public read the CDN and browsers may keep (the website's routes): a success is sent with
   * `Cache-Control: public, max-age=<maxAge>, stale-while-revalidate=<swr>` and an ETag (a hash of
   * the body), and a request whose If-None-Match names that ETag gets 304 with no body (app.ts).
   */
  cache?: { maxAge: number; swr: number };
};
export type RouteTable = Record<string, RouteDef>;

/** The operation log's Chinese name of what a call did: the route's label, 保存… as 新增… or 修改… by the letter it needed. */
export const actionLabel = (def: Pick<RouteDef, "log">, letter?: Letter): string => {
  if (typeof def.log !== "string") return "";
  if (def.log.startsWith("保存") && (letter === "A" || letter === "E")) return (letter === "A" ? "新增" : "修改") + def.log.slice(2);
  return def.log;
};

/** What a route table entry states besides who may call it. */
type Declared<I extends v.GenericSchema, R extends ReplyShape> = Omit<RouteDef<I, R>, "access">;

export const publicRoute = <I extends v.GenericSchema, R extends ReplyShape>(d: Declared<I, R>): RouteDef<I, R> => ({
  log: false,
  ...d,
  access: { auth: "public" },
});
/** The handler gets `ctx.member` (the signed-in mobile user); staff tokens are refused (401). */
export const memberRoute = <I extends v.GenericSchema, R extends ReplyShape>(d: Declared<I, R>): RouteDef<I, R> => ({ ...d, access: { auth: "member" } });
export const sessionRoute = <I extends v.GenericSchema, R extends ReplyShape>(d: Declared<I, R>): RouteDef<I, R> => ({ ...d, access: { auth: "session" } });
/** `right` "save" means A when the input has no id, E when it has one (R046). */
export const moduleRoute = <I extends v.GenericSchema, R extends ReplyShape>(
  modules: string | readonly string[],
  d: Declared<I, R> & { right?: Right; also?: Letter },
): RouteDef<I, R> => {
  const { right, also, ...rest } = d;
  return { ...rest, access: { auth: "function", modules: typeof modules === "string" ? [modules] : modules, right, ...(also ? { also } : {}) } };
};

export const splitKey = (key: string): { method: "GET" | "POST"; path: string } => {
  const [method, path] = key.split(" ");
  if ((method !== "GET" && method !== "POST") || !path) throw new Error(`bad route key ${key}`);
  return { method, path };
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `{name}` matches one segment, `{name+}` the rest of the path (API Gateway's syntax), as named groups. */
export const pathPattern = (path: string): RegExp =>
  new RegExp(
    "^" +
      path
        .split(/(\{\w+\+?\})/)
        .map((part) => {
          const m = part.match(/^\{(\w+)(\+?)\}$/);
          return m ? (m[2] ? `(?<${m[1]}>.+)` : `(?<${m[1]}>[^/]+)`) : escape(part);
        })
        .join("") +
      "$",
  );

/** The types the console's client and the handlers derive from one route. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a wildcard in a conditional type
export type InputOf<D> = D extends RouteDef<infer I, any> ? v.InferInput<I> : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a wildcard in a conditional type
export type ParsedOf<D> = D extends RouteDef<infer I, any> ? v.InferOutput<I> : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a wildcard in a conditional type
export type ShapeOf<D> = D extends RouteDef<any, infer R> ? R : never;
