/** The reply envelope every call speaks (ARCHITECTURE.md, wire contract). */
export type PageParams = {
  maxCount: number;
  currentPage: number;
  pageSize: number;
  maxPage: number;
  sort: string;
  order: "asc" | "desc";
  keyword: string;
  keyValue: string;
};

export type Envelope = {
  code: string;
  desc: string;
  data?: unknown;
  dataList?: unknown[];
  pageParams?: PageParams;
  rows?: unknown[];
};

export const ok = (data?: unknown, desc = ""): Envelope => (data === undefined ? { code: "200", desc } : { code: "200", desc, data });

export const okList = (dataList: unknown[], pageParams?: PageParams, desc = ""): Envelope =>
  pageParams ? { code: "200", desc, dataList, pageParams } : { code: "200", desc, dataList };

export const fail = (desc: string, code = "500"): Envelope => ({ code, desc });

/** Shown for a thrown bug: never a stack trace. */
export const INTERNAL_ERROR = "系统繁忙，请稍后再试";
