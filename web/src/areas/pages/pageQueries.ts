import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import type { RawReplyFor, ReplyFor, RowOf } from "../../lib/contract.ts";
import { invalidateRoutes, routeQuery, staleReads, useRouteMutation } from "../../lib/routeQuery.ts";
import { useApi } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";

/**
 * The page builder's reads and writes by route (hotels/hotelQueries.ts is the model): the Menu tab's
 * tree of pages, the functions a page may be bound to and the API proxy mapping table. Types come
 * from the route table; each write names the reads it makes stale.
 */
const BASE = "/gateway/api/manage/custompage";
export const PAGE_LIST = `GET ${BASE}/list` as const;
const PAGE_SAVE = `POST ${BASE}/save` as const;
/** The console's function tree, for binding a page to back-end functions (R582). */
const MENU = "GET /gateway/api/manage/type/list";
const STYLE_LIST = "GET /gateway/api/manage/appcenter/styleparam/list";
const STYLE_SAVE = "POST /gateway/api/manage/style/attrsave";
const STYLE_DELETE = "POST /gateway/api/manage/style/attrdelete";

/** What members sent through a page's forms (memberPages area). */
const FORM_ENTRIES = `GET ${BASE}/formentries` as const;

export type PageNode = RowOf<typeof PAGE_LIST>;
export type FormEntry = RowOf<typeof FORM_ENTRIES>;
export type MenuNode = RowOf<typeof MENU>;

/** The API proxy mapping table is a style-parameter list (style/attrsave, attrdelete): alias → address. */
const API_PROXY_LIST = "apiproxy";

export const pageQueries = {
  /** The pages under one node (0: the terminals' modules), a level at a time. */
  level: (api: ApiClient, parentId: number) => routeQuery(api, PAGE_LIST, { parentId }, "view"),
  /** The whole function tree (type/list below the top). */
  functions: (api: ApiClient) => routeQuery(api, MENU, { fatherid: 0 }),
  /** The API proxy mapping table's rows. */
  apiProxies: (api: ApiClient) => routeQuery(api, STYLE_LIST, { styleen: API_PROXY_LIST, df: "", dfKey: "" }),
  /** A page of one page's form entries, newest first. */
  formEntries: (api: ApiClient, pageId: number, currentPage: number, pageSize: number) => routeQuery(api, FORM_ENTRIES, { pageId, currentPage, pageSize }, "list"),
};

/** Every page the tree has read so far (each level's query in the cache): no extra call. */
export const loadedPages = (qc: QueryClient): PageNode[] => qc.getQueriesData<ReplyFor<typeof PAGE_LIST>>({ queryKey: [PAGE_LIST] }).flatMap(([, reply]) => reply?.dataList ?? []);

/** Every read of the tree: what a page write makes stale. */
const PAGE_READS = staleReads(`GET ${BASE}/`);
const API_PROXIES = staleReads(STYLE_LIST);

export const useSavePage = () => useRouteMutation(PAGE_SAVE, { invalidates: PAGE_READS, success: "保存成功" });
export const useDeletePage = () => useRouteMutation(`POST ${BASE}/delete`, { invalidates: PAGE_READS, success: "删除成功", kind: "handle" });
/** A failure says the spec's 移动失败，请重试 / 复制失败，请重试 (the server's desc). */
export const useMovePage = () => useRouteMutation(`POST ${BASE}/moveSystemModule`, { invalidates: PAGE_READS, success: "移动成功", kind: "save" });
export const useCopyPage = () => useRouteMutation(`POST ${BASE}/copySystemModule`, { invalidates: PAGE_READS, success: "复制成功", kind: "save" });

/** style/attrsave and attrdelete answer {check, msg} rather than the envelope (R002): check 1 is done. */
type CheckReply = RawReplyFor<typeof STYLE_SAVE> | RawReplyFor<typeof STYLE_DELETE>;

/** Whether the style write was done: success toasts `ok` and reads the table again; a refusal toasts its msg. */
async function checked(reply: Promise<CheckReply>, ok: string, qc: QueryClient): Promise<boolean> {
  const r = await reply;
  if ("check" in r && r.check === 1) {
    toast.success(ok);
    await invalidateRoutes(qc, API_PROXIES);
    return true;
  }
  toast.error(("msg" in r && r.msg) || "保存失败，请重试");
  return false;
}

/** Adds a mapping (alias, description, address); resolves to whether it was stored. */
export function useSaveApiProxy() {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (row: { styleid: string; stylename: string; pseudocode: string }) => checked(api.call(STYLE_SAVE, { styleen: API_PROXY_LIST, ...row }), "保存成功", qc),
  });
}

/** Deletes a mapping by its row id; resolves to whether it was deleted. */
export function useDeleteApiProxy() {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => checked(api.call(STYLE_DELETE, { ids: String(id) }), "删除成功", qc) });
}

/** R582: bound back-end functions, comma-separated codes and names. */
export const splitList = (s: string) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
