import { gunzipSync } from "node:zlib";
import { CustomPage, CustomPageCode, CustomPageDoc, type CustomPageItem } from "./entities.ts";
import { DOCUMENT_VERSION, defaultPageDocument, parsePageDocument, type PageDocument } from "./document/index.ts";
import { MSG } from "./schemas.ts";
import { renderedPage, type RenderedPage } from "./views.ts";
import { liveDocument, liveNeeds } from "./live.ts";
import { styleList } from "../platform/styleParams.ts";
import { DomainError } from "../kernel/errors.ts";

/**
 * Reading pages (docs/pages.md): a page by id or code, its stored document migrated, a level of the
 * tree, a page's ancestry, and a page as members reach it. Apart from the builder's writes
 * (service.ts), so the Lambda that serves members (memberPages) carries no rich-text cleaner.
 */

/** How deep a tree may go. */
export const MAX_DEPTH = 20;
/** A page level read at once (custompage/list). */
export const MAX_LEVEL = 500;
/** The API proxy mapping table: the style-parameter list of alias → address (docs/pages.md). */
export const API_PROXY_LIST = "apiproxy";

const fail = (msg: string, code = "500") => new DomainError(msg, code);
export const decodeDoc = (gz: string): unknown => JSON.parse(gunzipSync(Buffer.from(gz, "base64")).toString("utf8"));

export async function getPage(tenantId: string, id: number): Promise<CustomPageItem | null> {
  if (!(id >= 1)) return null;
  const { data } = await CustomPage.get({ tenantId, id }).go();
  return data;
}

export async function pageByCode(tenantId: string, code: string): Promise<CustomPageItem | null> {
  const { data } = await CustomPageCode.get({ tenantId, code }).go();
  if (!data) return null;
  const page = await getPage(tenantId, data.pageId);
  return page && page.code === code ? page : null;
}

/** The stored document, migrated to the current version (a document that no longer parses reads as a new page's). */
export async function readDoc(tenantId: string, pageId: number): Promise<PageDocument> {
  const { data } = await CustomPageDoc.get({ tenantId, pageId }).go();
  if (!data) return defaultPageDocument();
  // Written only after parsePageDocument checked and shaped it: a document of the current version is
  // read as stored (the view and the render route skip a second check of 200 components).
  if (data.version === DOCUMENT_VERSION) return decodeDoc(data.gz) as PageDocument;
  const r = parsePageDocument(decodeDoc(data.gz));
  return r.ok ? r.doc : defaultPageDocument();
}

/** The level below a node, in menu order (seq, then id). */
export async function children(tenantId: string, parentId: number): Promise<CustomPageItem[]> {
  const { data } = await CustomPage.query.byParent({ tenantId, parentId }).go({ pages: "all", limit: MAX_LEVEL });
  return data.slice(0, MAX_LEVEL);
}

/** The chain above a node, nearest first, up to the top (0); null when a link is missing (an orphan). */
export async function ancestors(tenantId: string, page: CustomPageItem): Promise<CustomPageItem[] | null> {
  const out: CustomPageItem[] = [];
  let parentId = page.parentId;
  while (parentId > 0) {
    if (out.length >= MAX_DEPTH) return null;
    const p = await getPage(tenantId, parentId);
    if (!p) return null;
    out.push(p);
    parentId = p.parentId;
  }
  return out;
}

/**
 * A page as members reach it (public): by code, only when it and every page above it are enabled
 * and it hangs in the tree (a page below a deleted or half-copied module is never served).
 */
export async function publishedPage(tenantId: string, code: string): Promise<{ page: CustomPageItem; doc: PageDocument }> {
  const page = await pageByCode(tenantId, code);
  if (!page || page.enableStatus !== 1) throw fail(MSG.missingPage, "404");
  const chain = await ancestors(tenantId, page);
  if (!chain || chain.some((p) => p.enableStatus !== 1)) throw fail(MSG.missingPage, "404");
  return { page, doc: await readDoc(tenantId, page.id) };
}

/**
 * The mini-program's page: the published page made live (pages/live.ts) — API aliases resolved
 * through the proxy table, a List of the current column's menus filled with the enabled pages
 * below it. Each read happens only when the document needs it.
 */
export async function renderPage(tenantId: string, code: string): Promise<RenderedPage> {
  const { page, doc } = await publishedPage(tenantId, code);
  const needs = liveNeeds(doc);
  const [aliases, menu] = await Promise.all([
    needs.aliases ? styleList(tenantId, API_PROXY_LIST).then((rows) => new Map(rows.map((r) => [r.styleid, r.pseudocode]))) : undefined,
    needs.menu ? children(tenantId, page.id).then((rows) => rows.filter((p) => p.enableStatus === 1).map((p) => ({ code: p.code, name: p.name, icon: p.icon ?? "" }))) : undefined,
  ]);
  return renderedPage(page, liveDocument(doc, { aliases, menu }));
}
