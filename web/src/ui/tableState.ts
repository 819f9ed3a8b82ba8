import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@xiangyu/core/kernel/pageSizes";
/**
 * What a list shows — page, page size, sort, order, keyword and filters — read from and written to
 * plain-string search params, so a link or a refresh shows the same page. Pure functions; the hooks
 * in useTableState.ts bind them to the router (or to local state for tables inside dialogs).
 */
export type SortOrder = "asc" | "desc";
export type TableState = { page: number; size: number; sort: string; order: SortOrder; keyword: string; filters: Record<string, string> };
export type TablePatch = Partial<Omit<TableState, "filters">> & { filters?: Record<string, string | undefined> };

/** R021: the page sizes the server's paging offers (one list, core's). R022: newest first by id. */
export { PAGE_SIZES } from "@xiangyu/core/kernel/pageSizes";
export const TABLE_DEFAULTS = { page: 1, size: DEFAULT_PAGE_SIZE, sort: "id", order: "desc" as SortOrder, keyword: "" };

export type TableStateOptions = {
  /** The search keys this list uses as filters, e.g. ["status", "orgCode"]. */
  filters?: string[];
  /** A filter's value when the address has none (e.g. the user's own store, R028). */
  filterDefaults?: Record<string, string>;
  sort?: string;
  order?: SortOrder;
  sizes?: readonly number[];
};

type Search = Record<string, unknown>;
/**
 * "All" for a filter whose default is a value (a store user's own store): the frame drops empty
 * search values, so an explicit empty choice travels as this mark.
 */
export const ALL_MARK = "*";
const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v));

export function readTableState(search: Search, o: TableStateOptions = {}): TableState {
  const sizes = o.sizes ?? PAGE_SIZES;
  const page = Math.floor(Number(str(search.page) ?? 1));
  const size = Number(str(search.size));
  const order = str(search.order);
  const filters: Record<string, string> = {};
  for (const key of o.filters ?? []) {
    const v = str(search[key]) ?? o.filterDefaults?.[key];
    if (v !== undefined) filters[key] = v === ALL_MARK ? "" : v;
  }
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    size: sizes.includes(size) ? size : TABLE_DEFAULTS.size,
    sort: str(search.sort) || o.sort || TABLE_DEFAULTS.sort,
    order: order === "asc" || order === "desc" ? order : (o.order ?? TABLE_DEFAULTS.order),
    keyword: str(search.keyword) ?? "",
    filters,
  };
}

/**
 * The next search params after a change. Values equal to their default leave the address, other
 * keys (functionId, orgType…) stay as they are, and any change but the page starts again at page 1.
 */
export function writeTableState(search: Search, patch: TablePatch, o: TableStateOptions = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(search)) if (v !== undefined && v !== null) out[k] = String(v);
  const put = (key: string, value: string | number | undefined, dflt: string | number | undefined) => {
    if (value === undefined) return;
    if (String(value) === String(dflt ?? "")) delete out[key];
    else out[key] = String(value);
  };
  put("size", patch.size, TABLE_DEFAULTS.size);
  put("sort", patch.sort, o.sort ?? TABLE_DEFAULTS.sort);
  put("order", patch.order, o.order ?? TABLE_DEFAULTS.order);
  put("keyword", patch.keyword?.trim(), "");
  for (const [key, value] of Object.entries(patch.filters ?? {})) {
    const dflt = o.filterDefaults?.[key] ?? "";
    if (value === undefined) delete out[key];
    else if (value === "" && dflt !== "") out[key] = ALL_MARK;
    else put(key, value, dflt);
  }
  const onlyPage = Object.keys(patch).every((k) => k === "page");
  if (onlyPage) put("page", patch.page, 1);
  else delete out.page;
  return out;
}

/** The paging parameters of a list call (R023). */
export function listParams(s: TableState): Record<string, string | number> {
  const params: Record<string, string | number> = { currentPage: s.page, pageSize: s.size, sort: s.sort, order: s.order };
  if (s.keyword) params.keyword = s.keyword;
  for (const [k, v] of Object.entries(s.filters)) if (v !== "") params[k] = v;
  return params;
}
