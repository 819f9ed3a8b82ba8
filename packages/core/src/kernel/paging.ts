import type { PageParams } from "./envelope.ts";
import { DomainError } from "./errors.ts";

/** Page sizes a list screen offers; pickers may ask for up to 1000 (R021, R024). */
export const PAGE_SIZES = [20, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PICKER_PAGE_SIZE = 1000;

export type Paging = {
  currentPage: number;
  pageSize: number;
  sort: string;
  order: "asc" | "desc";
  keyword: string;
  keyValue: string;
};

const intOr = (v: unknown, fallback: number): number => {
  if (v === undefined || v === null || v === "") return fallback;
  const n = Number(v);
  return Number.isInteger(n) ? n : NaN;
};

/** Reads the paging parameters of a list call; accepts the spec's `pagesize` spelling too. */
export function readPaging(q: Record<string, unknown>, defaults: Partial<Paging> = {}): Paging {
  const currentPage = intOr(q.currentPage ?? q.page, 1);
  const pageSize = intOr(q.pageSize ?? q.pagesize ?? q.limit, defaults.pageSize ?? DEFAULT_PAGE_SIZE);
  if (!(currentPage >= 1)) throw new DomainError("页码不正确", "400");
  if (!(pageSize >= 1 && pageSize <= MAX_PICKER_PAGE_SIZE)) throw new DomainError("每页条数不正确", "400");
  const order = String(q.order ?? defaults.order ?? "desc").toLowerCase();
  if (order !== "asc" && order !== "desc") throw new DomainError("排序方式不正确", "400");
  return {
    currentPage,
    pageSize,
    sort: String(q.sort ?? defaults.sort ?? "id"),
    order,
    keyword: String(q.keyword ?? "").trim(),
    keyValue: String(q.keyValue ?? ""),
  };
}

export function pageParams(p: Paging, maxCount: number): PageParams {
  return {
    maxCount,
    currentPage: p.currentPage,
    pageSize: p.pageSize,
    maxPage: Math.max(1, Math.ceil(maxCount / p.pageSize)),
    sort: p.sort,
    order: p.order,
    keyword: p.keyword,
    keyValue: p.keyValue,
  };
}
