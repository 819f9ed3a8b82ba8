import type { Contract, DataOf, GetKey, RouteKey, RowOf } from "@xiangyu/functions/contract";
import type { ShapeOf } from "@xiangyu/functions/http/define";
import type { PageParams } from "./api.ts";

/**
 * The console's view of the route table: a route's key gives its input and its reply, derived
 * from the same table and core's view types the server answers with (@xiangyu/functions/contract).
 * Never copy a reply type.
 */
export type { DataOf, GetKey, InputFor, RouteKey, RowOf } from "@xiangyu/functions/contract";
export type PostKey = Extract<RouteKey, `POST ${string}`>;

export type ReplyFor<K extends RouteKey> = { code: string; desc: string; data?: DataOf<K>; dataList?: RowOf<K>[]; pageParams?: PageParams };

/** The body a route answers outside the envelope (`raw<B>()` in its table: style/attrsave, attrdelete, branch/list). */
type BodyOf<K extends RouteKey> = ShapeOf<Contract[K]> extends { kind: "raw"; body: infer B } ? B : never;
/** Routes that answer a bare JSON body rather than the envelope. */
export type RawKey = { [K in RouteKey]: [BodyOf<K>] extends [never] ? never : K }[RouteKey];
/** What the client answers itself when a call never reached the route (network, 401, 403: api.ts). */
type CallFailure = { code: string; desc: string };
/** A raw route's reply: its body, or the client's own failure. */
export type RawReplyFor<K extends RawKey> = BodyOf<K> | CallFailure;

/** Routes whose reply is a list of rows: what a list screen or a picker may read. */
export type ListKey = { [K in RouteKey]: [RowOf<K>] extends [never] ? never : K }[RouteKey];

/** Every "a/b/" prefix of a path: `Prefixes<"GET /x/y/z">` is "GET /" | "GET /x/" | "GET /x/y/". */
type Prefixes<S extends string> = S extends `${infer Head}/${infer Tail}` ? `${Head}/` | `${Head}/${Prefixes<Tail>}` : never;
/** What a write may name as made stale: a GET route's key, a list route's (some lists are POSTs), or a prefix of a GET key (every read of an area). A typo does not type-check. */
export type StaleKey = GetKey | ListKey | Prefixes<GetKey>;
