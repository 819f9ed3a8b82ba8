/** The reply envelope every call speaks (docs/architecture.md, wire contract). */
export type PageParams = {
  maxCount: number;
  currentPage: number;
  pageSize: number;
  maxPage: number;
  sort: string;
  order: "asc" | "desc";
  keyword: string;
  keyValue: string;
  /** Present when `maxCount` was counted up to a cap: the list holds at least that many rows. */
  totalCapped?: true;
};

/** `D` is the type of `data`, `L` of each `dataList` row: the route table declares both per route. */
export type Envelope<D = unknown, L = unknown> = {
  code: string;
  desc: string;
  data?: D;
  dataList?: L[];
  pageParams?: PageParams;
};

export function ok(data?: undefined, desc?: string): Envelope<never, never>;
export function ok<D>(data: D, desc?: string): Envelope<D, never>;
export function ok(data?: unknown, desc = ""): Envelope {
  return data === undefined ? { code: "200", desc } : { code: "200", desc, data };
}

export const okList = <L>(dataList: L[], pageParams?: PageParams, desc = ""): Envelope<never, L> =>
  pageParams ? { code: "200", desc, dataList, pageParams } : { code: "200", desc, dataList };

export const fail = (desc: string, code = "500"): Envelope<never, never> => ({ code, desc });

/** Shown for a thrown bug: never a stack trace. */
export const INTERNAL_ERROR = "系统繁忙，请稍后再试";
