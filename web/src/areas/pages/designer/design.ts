import type { LoadedPage } from "./persistence.tsx";
import type { PageRecord } from "./panels.tsx";
import type { DesignerAction } from "./store.ts";
import { applyPageRules, type Component, type PageDocument } from "./model.ts";

/** What the designer edits: the page's document and its record's own fields (name, bound functions), undone together. */
export type Design = PageDocument & { record: PageRecord };
export type Action = DesignerAction<Design, Component>;

export const LEAVE_QUESTION = "页面有未保存的修改，确定离开吗？离开后修改将丢失。";

/** The design of a loaded page: its document (the page rules applied) and its record's own fields. */
export const designOf = (page: LoadedPage): Design => ({ ...applyPageRules(page.doc), record: page.record });
/** The document to save: the design without the record's fields. */
export const documentOf = ({ record: _record, ...doc }: Design): PageDocument => doc;
