import type { DataOf, RowOf } from "../../../lib/contract.ts";

/** The page builder's routes the Menu tab calls, by key (types from the contract). */
const BASE = "/gateway/api/manage/custompage";
export const PAGE_LIST = `GET ${BASE}/list` as const;
export const PAGE_SAVE = `POST ${BASE}/save` as const;
export const PAGE_DELETE = `POST ${BASE}/delete` as const;
export const PAGE_MOVE = `POST ${BASE}/moveSystemModule` as const;
export const PAGE_COPY = `POST ${BASE}/copySystemModule` as const;
/** Every read of the tree: what a write makes stale. */
export const PAGE_READS = [`GET ${BASE}/`] as const;

export type PageNode = RowOf<typeof PAGE_LIST>;
export type PageData = DataOf<`GET ${typeof BASE}/view`>;

/** R582: bound back-end functions, comma-separated codes and names. */
export const splitList = (s: string) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

/** The API proxy mapping table is a style-parameter list (style/attrsave, attrdelete): alias → address. */
export const API_PROXY_LIST = "apiproxy";
