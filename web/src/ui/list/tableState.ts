import * as v from "valibot";
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
const TABLE_DEFAULTS = { page: 1, size: DEFAULT_PAGE_SIZE, sort: "id", order: "desc" as SortOrder, keyword: "" };

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
const ALL_MARK = "*";

/** A search value kept only when valid: anything else reads as absent, so the list's default applies. */
const kept = <T extends v.GenericSchema<unknown, string | undefined>>(schema: T) => v.fallback(v.optional(schema), undefined);
const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));

/**
 * The search schema of a list (its address): `page` a whole number from 1, `size` one of the page
 * sizes, `sort` a column id, `order` asc / desc, `keyword` and the list's own filters as text. Values
 * stay the plain strings of the address; an invalid one reads as absent. Other keys (functionId,
 * the screen's own params) pass through. The router validates each list screen's address with it
 * (app/screens.ts), and readTableState reads through it.
 */
export function tableSearch(o: TableStateOptions = {}) {
  const sizes = (o.sizes ?? PAGE_SIZES).map(String);
  return v.looseObject({
    page: kept(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/))),
    size: kept(v.picklist(sizes)),
    sort: kept(v.pipe(v.string(), v.regex(/^[A-Za-z_][\w.]{0,63}$/))),
    order: kept(v.picklist(["asc", "desc"])),
    keyword: kept(text(100)),
    ...Object.fromEntries((o.filters ?? []).map((key) => [key, kept(text(200))])),
  });
}

/** Schemas by options: the hooks read on every address change. */
const schemas = new Map<string, ReturnType<typeof tableSearch>>();
function schemaFor(o: TableStateOptions) {
  const key = JSON.stringify([o.filters, o.sizes]);
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = tableSearch(o)));
  return schema;
}

/** A number typed as text in the address reads as one; search values are strings (app/search.ts). */
const asText = (search: Search): Record<string, unknown> => Object.fromEntries(Object.entries(search).map(([k, x]) => [k, typeof x === "number" ? String(x) : x]));

export function readTableState(search: Search, o: TableStateOptions = {}): TableState {
  const s = v.parse(schemaFor(o), asText(search)) as Record<string, string | undefined>;
  const filters: Record<string, string> = {};
  for (const key of o.filters ?? []) {
    const value = s[key] ?? o.filterDefaults?.[key];
    if (value !== undefined) filters[key] = value === ALL_MARK ? "" : value;
  }
  return {
    page: s.page ? Number(s.page) : 1,
    size: s.size ? Number(s.size) : TABLE_DEFAULTS.size,
    sort: s.sort || o.sort || TABLE_DEFAULTS.sort,
    order: (s.order as SortOrder | undefined) ?? o.order ?? TABLE_DEFAULTS.order,
    keyword: s.keyword ?? "",
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
