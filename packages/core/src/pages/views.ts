import type { CustomPageItem } from "./entities.ts";
import type { PageDocument } from "./document/index.ts";

/** A node of the menu tree (custompage/list, submenu): the record without its document. */
export function pageRow(p: CustomPageItem) {
  return {
    id: p.id,
    parentId: p.parentId,
    code: p.code,
    name: p.name,
    seq: p.seq ?? 99,
    isMenu: p.isMenu ?? 1,
    url: p.url ?? "",
    icon: p.icon ?? "",
    jumpJson: p.jumpJson ?? "",
    enableStatus: p.enableStatus ?? 1,
    sysModuleId: p.sysModuleId ?? 0,
    columnCode: p.columnCode ?? "",
    columnName: p.columnName ?? "",
    branchId: p.branchId ?? 0,
    hasChild: (p.childCount ?? 0) > 0,
    createTime: p.createTime ?? "",
    updateTime: p.updateTime ?? "",
  };
}
export type PageRow = ReturnType<typeof pageRow>;

/** custompage/view: the record and its document as JSON text (migrated to the current version). */
export const pageView = (p: CustomPageItem, doc: PageDocument) => ({ ...pageRow(p), configJson: JSON.stringify(doc) });
export type PageView = ReturnType<typeof pageView>;

/** The mini-program's page: what it renders, nothing of the console's bookkeeping. */
export const renderedPage = (p: CustomPageItem, doc: PageDocument) => ({ id: p.id, code: p.code, name: p.name, url: p.url ?? "", document: doc });
export type RenderedPage = ReturnType<typeof renderedPage>;
