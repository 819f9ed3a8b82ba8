import type { InputOf, ShapeOf } from "./http/define.ts";
import type { REGISTRY } from "./registry.ts";

type Tables = (typeof REGISTRY)[keyof typeof REGISTRY];
type Joined<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * Every route of every area, by its key ("GET /xiangyu/api/hotel/hotelview"): the one contract the
 * console's typed client (web/src/lib/contract.ts) and the website derive their inputs and replies
 * from, joined from the area registry. Types only.
 */
export type Contract = Joined<Tables>;

/** A route's key, its input as sent, and its reply's `data` and `dataList` row: what the console and the website call by. */
export type RouteKey = keyof Contract & string;
export type GetKey = Extract<RouteKey, `GET ${string}`>;
export type InputFor<K extends RouteKey> = InputOf<Contract[K]>;
type Shape<K extends RouteKey> = ShapeOf<Contract[K]>;
export type DataOf<K extends RouteKey> = Shape<K> extends { kind: "envelope"; data: infer D } ? D : never;
export type RowOf<K extends RouteKey> = Shape<K> extends { kind: "envelope"; list: infer L } ? L : never;
