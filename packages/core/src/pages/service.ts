import { gunzipSync, gzipSync } from "node:zlib";
import { CustomPage, CustomPageCode, CustomPageDoc, type CustomPageItem } from "./entities.ts";
import { DOCUMENT_VERSION, defaultPageDocument, parsePageDocument, type Component, type PageDocument } from "./document/index.ts";
import { MSG, type PageSaveInput } from "./schemas.ts";
import { pageRow, pageView, renderedPage, type PageRow, type PageView, type RenderedPage } from "./views.ts";
import { liveDocument, liveNeeds } from "./live.ts";
import { styleList } from "../platform/styleParams.ts";
import { sanitizeRichText } from "../kernel/richText.ts";
import { nextId, nextIds } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { mapLimit } from "../kernel/batch.ts";
import { transact, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * The page builder's services (docs/pages.md): the menu tree of pages, their documents, moving and
 * copying whole modules, deleting with children, and the mini-program's read of an enabled page.
 */

/** How deep a tree may go, and how many pages one module may hold (moves, copies and deletes read it whole). */
export const MAX_DEPTH = 20;
export const MAX_MODULE_PAGES = 1000;
/** A page level read at once (custompage/list). */
export const MAX_LEVEL = 500;
/** The stored (compressed, base64) document's ceiling: an item holds 400 KB. */
export const MAX_STORED_DOC = 350_000;
/** Pages written per transaction when a module is copied (3 items each: page, document, code). */
const COPY_CHUNK = 30;

const ENTITY = "customPage";
/** The API proxy mapping table: the style-parameter list of alias → address (docs/pages.md). */
export const API_PROXY_LIST = "apiproxy";
const fail = (msg: string, code = "500") => new DomainError(msg, code);

export const encodeDoc = (doc: PageDocument): string => gzipSync(Buffer.from(JSON.stringify(doc))).toString("base64");
const decodeDoc = (gz: string): unknown => JSON.parse(gunzipSync(Buffer.from(gz, "base64")).toString("utf8"));

async function getPage(tenantId: string, id: number): Promise<CustomPageItem | null> {
  if (!(id >= 1)) return null;
  const { data } = await CustomPage.get({ tenantId, id }).go();
  return data;
}

async function pageByCode(tenantId: string, code: string): Promise<CustomPageItem | null> {
  const { data } = await CustomPageCode.get({ tenantId, code }).go();
  if (!data) return null;
  const page = await getPage(tenantId, data.pageId);
  return page && page.code === code ? page : null;
}

/** The stored document, migrated to the current version (a document that no longer parses reads as a new page's). */
async function readDoc(tenantId: string, pageId: number): Promise<PageDocument> {
  const { data } = await CustomPageDoc.get({ tenantId, pageId }).go();
  if (!data) return defaultPageDocument();
  // Written only after parsePageDocument checked and shaped it: a document of the current version is
  // read as stored (the view and the render route skip a second check of 200 components).
  if (data.version === DOCUMENT_VERSION) return decodeDoc(data.gz) as PageDocument;
  const r = parsePageDocument(decodeDoc(data.gz));
  return r.ok ? r.doc : defaultPageDocument();
}

async function children(tenantId: string, parentId: number): Promise<CustomPageItem[]> {
  const { data } = await CustomPage.query.byParent({ tenantId, parentId }).go({ pages: "all", limit: MAX_LEVEL });
  return data.slice(0, MAX_LEVEL);
}

/** custompage/list: the level below a node, in menu order (seq, then id). */
export async function listPages(caller: Caller, parentId: number): Promise<PageRow[]> {
  return (await children(caller.tenantId, parentId)).map(pageRow);
}

/** custompage/submenu: the enabled menu entries below a node (a List component's "menu" data source, R572). */
export async function submenu(caller: Caller, parentId: number): Promise<PageRow[]> {
  return (await children(caller.tenantId, parentId)).filter((p) => p.enableStatus === 1 && p.isMenu === 1).map(pageRow);
}

export async function viewPage(caller: Caller, id: number): Promise<PageView> {
  const page = await getPage(caller.tenantId, id);
  if (!page) throw fail(MSG.notFound, "404");
  return pageView(page, await readDoc(caller.tenantId, id));
}

/** Rich text is cleaned before it is stored (kernel/richText.ts), in the page and in its header. */
function sanitizeDoc(doc: PageDocument): PageDocument {
  const clean = (c: Component): Component => (c.kind === "RichText" ? { ...c, content: sanitizeRichText(c.content) } : c);
  return { ...doc, header: { ...doc.header, components: doc.header.components.map(clean) }, content: { ...doc.content, data: doc.content.data.map(clean) } };
}

/** Reads, checks and cleans a document for storing: a refusal names the component and field. */
export function documentToStore(configJson: unknown): { doc: PageDocument; gz: string } {
  const r = parsePageDocument(configJson === "" || configJson === null || configJson === undefined ? { version: DOCUMENT_VERSION } : configJson);
  if (!r.ok) throw fail(r.msg, "400");
  const doc = sanitizeDoc(r.doc);
  const gz = encodeDoc(doc);
  if (gz.length > MAX_STORED_DOC) throw fail(MSG.tooBig, "400");
  return { doc, gz };
}

/**
 * custompage/save. A new page takes the next id, its code (or `p<id>`), and adds itself to its
 * parent's children; an edit keeps its place in the tree (moving is moveSystemModule) and may
 * change its code. Page, document and code move in one transaction.
 */
export async function savePage(caller: Caller, input: PageSaveInput): Promise<PageView> {
  const { tenantId } = caller;
  // An edit without a document (the Menu tab's rename, enable, bind) keeps the stored one.
  const keepDoc = input.id !== undefined && (input.configJson === "" || input.configJson === null || input.configJson === undefined);
  const { doc, gz } = keepDoc ? { doc: await readDoc(tenantId, input.id!), gz: "" } : documentToStore(input.configJson);
  const now = formatDateTime();
  const fields = {
    name: input.name,
    seq: input.seq,
    isMenu: input.isMenu,
    url: input.url,
    icon: input.icon,
    jumpJson: input.jumpJson,
    enableStatus: input.enableStatus,
    sysModuleId: input.sysModuleId,
    columnCode: input.columnCode,
    columnName: input.columnName,
    branchId: input.branchId,
  };
  if (input.id === undefined) {
    const id = await nextId(tenantId, ENTITY);
    const code = input.code || `p${id}`;
    const item = { tenantId, id, parentId: input.parentId, code, ...fields, childCount: 0, createTime: now, updateTime: now };
    const items: TxItem[] = [
      txPut(CustomPage.create(item), MSG.notFound),
      txPut(CustomPageDoc.put({ tenantId, pageId: id, version: DOCUMENT_VERSION, gz })),
      txPut(CustomPageCode.create({ tenantId, code, pageId: id }), MSG.codeTaken),
    ];
    if (input.parentId > 0) items.push(txUpdate(CustomPage.patch({ tenantId, id: input.parentId }).add({ childCount: 1 }), MSG.parentMissing));
    await transact(items);
    return pageView(item as CustomPageItem, doc);
  }
  const id = input.id;
  const old = await getPage(tenantId, id);
  if (!old) throw fail(MSG.notFound, "404");
  const code = input.code || old.code;
  const items: TxItem[] = [
    // Conditioned on the code read: a concurrent change of code makes this save start again from the page as it is.
    txUpdate(
      CustomPage.patch({ tenantId, id })
        .set({ ...fields, code, updateTime: now })
        .where((a, op) => op.eq(a.code, old.code)),
      "数据已被修改，请刷新后重试",
    ),
  ];
  if (!keepDoc) items.push(txPut(CustomPageDoc.put({ tenantId, pageId: id, version: DOCUMENT_VERSION, gz })));
  if (code !== old.code) {
    items.push(txDelete(CustomPageCode.delete({ tenantId, code: old.code })));
    items.push(txPut(CustomPageCode.create({ tenantId, code, pageId: id }), MSG.codeTaken));
  }
  await transact(items);
  return pageView({ ...old, ...fields, code, updateTime: now }, doc);
}

/** Every page below a node, parents before children (bounded: MAX_MODULE_PAGES, MAX_DEPTH levels). */
async function below(tenantId: string, root: CustomPageItem, failMsg: string): Promise<CustomPageItem[]> {
  const out: CustomPageItem[] = [];
  let level = [root];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > MAX_DEPTH) throw fail(failMsg);
    const parents = level.filter((p) => (p.childCount ?? 0) > 0);
    const next = (await mapLimit(parents, (p) => children(tenantId, p.id))).flat();
    out.push(...next);
    if (out.length > MAX_MODULE_PAGES) throw fail(MSG.moduleTooBig);
    level = next;
  }
  return out;
}

async function deleteKeys(tenantId: string, ids: number[], codes: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 25) {
    const part = ids.slice(i, i + 25);
    await CustomPage.delete(part.map((id) => ({ tenantId, id }))).go();
    await CustomPageDoc.delete(part.map((pageId) => ({ tenantId, pageId }))).go();
    await CustomPageCode.delete(codes.slice(i, i + 25).map((code) => ({ tenantId, code }))).go();
  }
}

/**
 * custompage/delete: the page and everything below it (the console confirms first). The page
 * leaves the tree in one transaction (with its parent's count); what lay below it is then
 * unreachable — no list or render reaches a page whose ancestor is gone — and is removed after.
 */
export async function deletePage(caller: Caller, id: number): Promise<number[]> {
  const { tenantId } = caller;
  const root = await getPage(tenantId, id);
  if (!root) throw nothingDeleted(); // R055
  const rest = await below(tenantId, root, MSG.readFailed);
  const items: TxItem[] = [
    txDelete(
      CustomPage.delete({ tenantId, id }).where((a, op) => op.eq(a.parentId, root.parentId)),
      MSG.notFound,
    ),
    txDelete(CustomPageDoc.delete({ tenantId, pageId: id })),
    txDelete(CustomPageCode.delete({ tenantId, code: root.code })),
  ];
  if (root.parentId > 0) items.push(txUpdate(CustomPage.patch({ tenantId, id: root.parentId }).add({ childCount: -1 }), MSG.notFound));
  await transact(items);
  await deleteKeys(
    tenantId,
    rest.map((p) => p.id),
    rest.map((p) => p.code),
  );
  return [id, ...rest.map((p) => p.id)];
}

/** The chain above a node, nearest first, up to the top (0); null when a link is missing (an orphan). */
async function ancestors(tenantId: string, page: CustomPageItem): Promise<CustomPageItem[] | null> {
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
 * moveSystemModule: the module `oldModuleCode` (a page and everything below it) goes under the page
 * `newModuleCode`. One transaction: the module's parent changes (conditioned on the parent read),
 * both parents' counts move, and every node from the target up to the top is checked unchanged, so
 * two moves at once can never make a loop. Any failure leaves everything where it was: 移动失败，请重试.
 */
export async function moveModule(caller: Caller, oldCode: string, newCode: string): Promise<number[]> {
  const { tenantId } = caller;
  const [module, target] = await Promise.all([pageByCode(tenantId, oldCode), pageByCode(tenantId, newCode)]);
  if (!module || !target) throw fail(MSG.moveFailed);
  if (module.id === target.id) throw fail(MSG.intoItself);
  const chain = await ancestors(tenantId, target);
  if (!chain) throw fail(MSG.moveFailed);
  if (chain.some((p) => p.id === module.id)) throw fail(MSG.intoItself);
  if (module.parentId === target.id) return [module.id];
  // One update per item (a transaction may not name an item twice): the module's new parent, each
  // node from the target up checked unchanged, the counts of the target and the old parent.
  const touched = new Map<number, { parentId: number; add: number }>();
  for (const p of [target, ...chain]) touched.set(p.id, { parentId: p.parentId, add: 0 });
  touched.get(target.id)!.add += 1;
  const items: TxItem[] = [
    txUpdate(
      CustomPage.patch({ tenantId, id: module.id })
        .set({ parentId: target.id, updateTime: formatDateTime() })
        .where((a, op) => op.eq(a.parentId, module.parentId)),
      MSG.moveFailed,
    ),
  ];
  if (module.parentId > 0) {
    const old = touched.get(module.parentId);
    if (old) old.add -= 1;
    else items.push(txUpdate(CustomPage.patch({ tenantId, id: module.parentId }).add({ childCount: -1 }), MSG.moveFailed));
  }
  for (const [id, t] of touched)
    items.push(
      txUpdate(
        CustomPage.patch({ tenantId, id })
          .set({ parentId: t.parentId })
          .add({ childCount: t.add })
          .where((a, op) => op.eq(a.parentId, t.parentId)),
        MSG.moveFailed,
      ),
    );
  await transact(items).catch((e) => {
    throw e instanceof DomainError ? fail(MSG.moveFailed) : e;
  });
  return [module.id];
}

/** A copy's code: the original's with the copy's id, within 50 characters. */
const copyCode = (code: string, id: number) => `${code.slice(0, 50 - String(id).length - 1)}_${id}`;

/** Test seam: runs between writing the copied pages and linking the copy into the tree. */
export type CopyHooks = { beforeLink?: () => Promise<void> };

/**
 * copySystemModule: a copy of the module `oldModuleCode` with new ids and codes, under the page
 * `newModuleCode`. All or nothing: the pages below the module's copy are written first (in chunks of
 * transactions when the module is large), unreachable while its top is missing; the last
 * transaction writes the top and links it under the target (conditioned on the target). A failure
 * at any step removes what was written and answers 复制失败，请重试; nothing half-copied is ever
 * in the tree or served to the mini-program (which reaches a page only through its ancestors).
 */
export async function copyModule(caller: Caller, oldCode: string, newCode: string, hooks: CopyHooks = {}): Promise<PageRow> {
  const { tenantId } = caller;
  const [module, target] = await Promise.all([pageByCode(tenantId, oldCode), pageByCode(tenantId, newCode)]);
  if (!module || !target) throw fail(MSG.copyFailed);
  const pages = [module, ...(await below(tenantId, module, MSG.copyFailed))];
  const docs = new Map<number, string>();
  for (let i = 0; i < pages.length; i += 100) {
    const { data } = await CustomPageDoc.get(pages.slice(i, i + 100).map((p) => ({ tenantId, pageId: p.id }))).go();
    for (const d of data) docs.set(d.pageId, d.gz);
  }
  const first = await nextIds(tenantId, ENTITY, pages.length);
  const newId = new Map(pages.map((p, i) => [p.id, first + i]));
  const now = formatDateTime();
  const copies = pages.map((p, i) => ({
    ...p,
    id: first + i,
    parentId: i === 0 ? target.id : newId.get(p.parentId)!,
    code: copyCode(p.code, first + i),
    createTime: now,
    updateTime: now,
  }));
  const emptyDoc = encodeDoc(defaultPageDocument());
  const itemsOf = (c: (typeof copies)[number], from: CustomPageItem): TxItem[] => [
    txPut(CustomPage.create(c), MSG.copyFailed),
    txPut(CustomPageDoc.put({ tenantId, pageId: c.id, version: DOCUMENT_VERSION, gz: docs.get(from.id) ?? emptyDoc })),
    txPut(CustomPageCode.create({ tenantId, code: c.code, pageId: c.id }), MSG.copyFailed),
  ];
  const written: (typeof copies)[number][] = [];
  try {
    for (let i = 1; i < copies.length; i += COPY_CHUNK) {
      const part = copies.slice(i, i + COPY_CHUNK);
      await transact(part.flatMap((c, j) => itemsOf(c, pages[i + j])));
      written.push(...part);
    }
    await hooks.beforeLink?.();
    await transact([...itemsOf(copies[0], module), txUpdate(CustomPage.patch({ tenantId, id: target.id }).add({ childCount: 1 }), MSG.copyFailed)]);
  } catch (e) {
    await deleteKeys(
      tenantId,
      written.map((c) => c.id),
      written.map((c) => c.code),
    ).catch(() => undefined); // unreachable anyway: a later delete of nothing is harmless
    throw e instanceof DomainError ? fail(MSG.copyFailed) : e;
  }
  return pageRow(copies[0] as CustomPageItem);
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
