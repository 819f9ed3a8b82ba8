import { gzipSync } from "node:zlib";
import { CustomPage, CustomPageCode, CustomPageDoc, type CustomPageItem } from "./entities.ts";
import { DOCUMENT_VERSION, defaultPageDocument, parsePageDocument, type Component, type PageDocument } from "./document/index.ts";
import { MSG, type PageSaveInput } from "./schemas.ts";
import { pageRow, pageView, type PageRow, type PageView } from "./views.ts";
import { MAX_DEPTH, ancestors, children, getPage, pageByCode, readDoc } from "./read.ts";
import { sanitizeRichText } from "../kernel/richText.ts";
import { nextId, nextIds } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { mapLimit } from "../kernel/batch.ts";
import { transact, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * The page builder's services (docs/pages.md): the menu tree of pages, their documents, moving and
 * copying whole modules, deleting with children. Reads, and the page as members reach it: read.ts.
 */

/** How many pages one module may hold (moves, copies and deletes read it whole). */
export const MAX_MODULE_PAGES = 1000;
/** The stored (compressed, base64) document's ceiling: an item holds 400 KB. */
export const MAX_STORED_DOC = 350_000;
/** Pages written per transaction when a module is copied (3 items each: page, document, code). */
const COPY_CHUNK = 30;

const ENTITY = "customPage";
const fail = (msg: string, code = "500") => new DomainError(msg, code);

export const encodeDoc = (doc: PageDocument): string => gzipSync(Buffer.from(JSON.stringify(doc))).toString("base64");

/** custompage/list: a level of the tree. */
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
