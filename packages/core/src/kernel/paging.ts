import * as v from "valibot";
import type { PageParams } from "./envelope.ts";
import { DomainError } from "./errors.ts";
import { keywordField, maybeInt, optText } from "./fields.ts";

import { DEFAULT_PAGE_SIZE, MAX_PICKER_PAGE_SIZE } from "./pageSizes.ts";
export { PAGE_SIZES, DEFAULT_PAGE_SIZE, MAX_PICKER_PAGE_SIZE } from "./pageSizes.ts";
/** The deepest page a list may be asked for (bounds the work of a deep page). */
export const MAX_PAGE = 100_000;

export type Paging = {
  currentPage: number;
  pageSize: number;
  sort: string;
  order: "asc" | "desc";
  keyword: string;
  keyValue: string;
};

/**
 * Reads the paging parameters of a list call outside a route (benches, services' callers in tests),
 * with the same schema every list route declares (`listQuery` below), so both read a page alike.
 */
export function readPaging(q: Record<string, unknown>, defaults: Partial<Paging> = {}): Paging {
  const out = v.safeParse(listQuery({}, defaults), q);
  if (!out.success) throw new DomainError(out.issues[0].message, "400");
  return out.output.paging;
}

/** A total counted up to a cap: `capped` says the list holds at least `total` rows (kernel/list.ts). */
export type Counted = { total: number; capped: boolean };

/** The reply's paging; a capped count is labelled (`totalCapped`), so the console shows "1,000+". */
export function pageParams(p: Paging, count: number | Counted): PageParams {
  const { total: maxCount, capped } = typeof count === "number" ? { total: count, capped: false } : count;
  return {
    ...(capped ? { totalCapped: true as const } : {}),
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

const PAGE_BAD = "页码不正确";
const SIZE_BAD = "每页条数不正确";

/** The paging parameters every list takes, bounded; the spec's `pagesize` / `page` / `limit` spellings too. */
export const pagingEntries = {
  currentPage: maybeInt(PAGE_BAD, 1, MAX_PAGE),
  page: maybeInt(PAGE_BAD, 1, MAX_PAGE),
  pageSize: maybeInt(SIZE_BAD, 1, MAX_PICKER_PAGE_SIZE),
  pagesize: maybeInt(SIZE_BAD, 1, MAX_PICKER_PAGE_SIZE),
  limit: maybeInt(SIZE_BAD, 1, MAX_PICKER_PAGE_SIZE),
  sort: v.pipe(optText(40, "排序字段不正确"), v.regex(/^[A-Za-z_]*$/, "排序字段不正确")),
  order: v.pipe(
    optText(4, "排序方式不正确"),
    v.transform((s) => s.toLowerCase()),
    v.picklist(["", "asc", "desc"], "排序方式不正确"),
  ),
  keyword: keywordField,
  keyValue: optText(100, "参数格式不正确"),
};

type PagingKeys = keyof typeof pagingEntries;

/**
 * A list route's input: the paging parameters plus the list's own filters. Out comes the filters
 * and `paging`, defaults applied (page 1 of 20, by id descending unless `defaults` say otherwise).
 */
export const listQuery = /* @__NO_SIDE_EFFECTS__ */ <E extends v.ObjectEntries>(filters: E, defaults: Partial<Paging> = {}) =>
  v.pipe(
    v.object({ ...pagingEntries, ...filters }),
    v.transform((q) => {
      const { currentPage, page, pageSize, pagesize, limit, sort, order, keyword, keyValue, ...rest } = q as v.InferOutput<v.ObjectSchema<typeof pagingEntries, undefined>> &
        Record<string, unknown>;
      const paging: Paging = {
        currentPage: currentPage ?? page ?? 1,
        pageSize: pageSize ?? pagesize ?? limit ?? defaults.pageSize ?? DEFAULT_PAGE_SIZE,
        sort: sort || defaults.sort || "id",
        order: (order || defaults.order || "desc") as "asc" | "desc",
        keyword,
        keyValue,
      };
      return { ...(rest as Omit<v.InferOutput<v.ObjectSchema<E, undefined>>, PagingKeys>), paging };
    }),
  );
