import type { Contract } from "@xiangyu/functions/contract";
import type { InputOf, ShapeOf } from "@xiangyu/functions/http/define";
import type { PageParams } from "./api.ts";

/**
 * The console's view of the route table: a route's key gives its input and its reply, derived
 * from the same table and core's view types the server answers with. Never copy a reply type.
 */
export type RouteKey = keyof Contract & string;
export type GetKey = Extract<RouteKey, `GET ${string}`>;
export type PostKey = Extract<RouteKey, `POST ${string}`>;

export type InputFor<K extends RouteKey> = InputOf<Contract[K]>;
type Shape<K extends RouteKey> = ShapeOf<Contract[K]>;
/** The reply's `data`. */
export type DataOf<K extends RouteKey> = Shape<K> extends { kind: "envelope"; data: infer D } ? D : never;
/** One row of the reply's `dataList`. */
export type RowOf<K extends RouteKey> = Shape<K> extends { kind: "envelope"; list: infer L } ? L : never;

export type ReplyFor<K extends RouteKey> = { code: string; desc: string; data?: DataOf<K>; dataList?: RowOf<K>[]; pageParams?: PageParams };

/** Routes whose reply is a list of rows: what a list screen or a picker may read. */
export type ListKey = { [K in RouteKey]: [RowOf<K>] extends [never] ? never : K }[RouteKey];
