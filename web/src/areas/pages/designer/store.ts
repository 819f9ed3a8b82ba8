/**
 * The designer's state: the page document being edited, what is selected, and the history that
 * undo and redo walk. Pure (a reducer), so every edit the screen offers is tested without a DOM.
 *
 * Each component carries an `id` unique within its document (the schema's, kept when saved): it is
 * the key that dragging, selection and React use. A loaded document whose ids are missing or repeated
 * gets fresh ones; an added or duplicated component gets a new one.
 *
 * History holds whole snapshots (documents are small — 200 components are some 100 kB — and
 * structural sharing keeps unchanged parts shared), at most HISTORY_LIMIT back. Consecutive edits
 * of the same field coalesce into one step, so undo after typing a title takes back the title, not
 * its last letter.
 */
export const HISTORY_LIMIT = 100;

/** What the store needs of a document: the content list it arranges, each component with its id. */
export type Identified = { id: string };
export type Doc<C extends Identified> = { content: { data: C[] } };

/** The right-hand side shows the global settings, one component's settings (by id), or a part of the page (header, navbar, tabbar). */
export type Selection = { type: "global" } | { type: "component"; key: string } | { type: "part"; part: string };

export type DesignerState<D> = {
  present: D;
  past: D[];
  future: D[];
  selection: Selection;
  /** The document as last loaded or saved: `dirty` compares against it. */
  saved: D;
  /** The field the last edit changed; an edit of the same field replaces that step instead of adding one. */
  lastEdit?: string;
};

export type DesignerAction<D, C> =
  | { type: "load"; doc: D }
  | { type: "saved"; doc: D }
  | { type: "add"; component: C; index?: number }
  | { type: "move"; from: number; to: number }
  | { type: "remove"; key: string }
  | { type: "duplicate"; key: string }
  | { type: "updateComponent"; key: string; patch: Partial<C>; field?: string }
  | { type: "updateDoc"; update: (doc: D) => D; field?: string }
  | { type: "select"; selection: Selection }
  | { type: "undo" }
  | { type: "redo" };

let seq = 0;
/** An id not yet used in `taken`. */
export function newId(taken: Iterable<string>): string {
  const used = new Set(taken);
  let id: string;
  do id = `c${Date.now().toString(36)}${(++seq).toString(36)}`;
  while (used.has(id));
  return id;
}

const withList = <D extends Doc<C>, C extends Identified>(doc: D, data: C[]): D => ({ ...doc, content: { ...doc.content, data } });

/** The document with every component id present and unique (older documents, hand-written JSON). */
export function withIds<D extends Doc<C>, C extends Identified>(doc: D): D {
  const seen = new Set<string>();
  let changed = false;
  const data = doc.content.data.map((c) => {
    if (c.id && !seen.has(c.id)) {
      seen.add(c.id);
      return c;
    }
    changed = true;
    const id = newId([...seen, ...doc.content.data.map((x) => x.id)]);
    seen.add(id);
    return { ...c, id };
  });
  return changed ? withList(doc, data) : doc;
}

export function initDesigner<D extends Doc<C>, C extends Identified>(doc: D): DesignerState<D> {
  const present = withIds<D, C>(doc);
  return { present, past: [], future: [], selection: { type: "global" }, saved: present };
}

/** Moves one element; out-of-range moves leave the list as it was. */
export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The component ids in order (the sortable list's items). */
export const idsOf = <C extends Identified>(doc: Doc<C>): string[] => doc.content.data.map((c) => c.id);

export function designerReducer<D extends Doc<C>, C extends Identified>(state: DesignerState<D>, action: DesignerAction<D, C>): DesignerState<D> {
  const doc = state.present;
  const list = doc.content.data;
  const ids = idsOf(doc);
  // A new present: the old one goes into the past (unless this edit continues the last one), the future is dropped.
  const commit = (present: D, selection: Selection = state.selection, field?: string): DesignerState<D> => {
    const continues = field !== undefined && field === state.lastEdit;
    const past = continues ? state.past : [...state.past, state.present].slice(-HISTORY_LIMIT);
    return { ...state, present, past, future: [], selection, lastEdit: field };
  };
  switch (action.type) {
    case "load":
      return initDesigner<D, C>(action.doc);
    case "saved":
      return { ...state, saved: action.doc, lastEdit: undefined };
    case "add": {
      const at = Math.max(0, Math.min(action.index ?? list.length, list.length));
      const id = newId(ids);
      const data = [...list.slice(0, at), { ...action.component, id }, ...list.slice(at)];
      return commit(withList(doc, data), { type: "component", key: id });
    }
    case "move": {
      if (action.from === action.to || action.to < 0 || action.to >= list.length || action.from < 0 || action.from >= list.length) return state;
      return commit(withList(doc, arrayMove(list, action.from, action.to)));
    }
    case "remove": {
      const at = ids.indexOf(action.key);
      if (at < 0) return state;
      const selection: Selection = state.selection.type === "component" && state.selection.key === action.key ? { type: "global" } : state.selection;
      return commit(
        withList(
          doc,
          list.filter((_, i) => i !== at),
        ),
        selection,
      );
    }
    case "duplicate": {
      const at = ids.indexOf(action.key);
      if (at < 0) return state;
      const id = newId(ids);
      const copy = { ...structuredClone(list[at]!), id };
      return commit(withList(doc, [...list.slice(0, at + 1), copy, ...list.slice(at + 1)]), { type: "component", key: id });
    }
    case "updateComponent": {
      const at = ids.indexOf(action.key);
      if (at < 0) return state;
      const data = list.map((c, i) => (i === at ? { ...c, ...action.patch, id: c.id } : c));
      return commit(withList(doc, data), state.selection, action.field === undefined ? undefined : `${action.key}.${action.field}`);
    }
    case "updateDoc":
      return commit(action.update(doc), state.selection, action.field === undefined ? undefined : `doc.${action.field}`);
    case "select":
      return { ...state, selection: action.selection, lastEdit: undefined };
    case "undo": {
      const prev = state.past.at(-1);
      if (!prev) return state;
      return {
        ...state,
        present: prev,
        past: state.past.slice(0, -1),
        future: [state.present, ...state.future],
        selection: keepSelection(state.selection, prev),
        lastEdit: undefined,
      };
    }
    case "redo": {
      const next = state.future[0];
      if (!next) return state;
      return { ...state, present: next, past: [...state.past, state.present], future: state.future.slice(1), selection: keepSelection(state.selection, next), lastEdit: undefined };
    }
  }
}

/** After undo/redo, a selected component that no longer exists gives way to the global settings. */
function keepSelection<C extends Identified>(selection: Selection, doc: Doc<C>): Selection {
  return selection.type === "component" && !doc.content.data.some((c) => c.id === selection.key) ? { type: "global" } : selection;
}

/** Whether the document differs from what was last loaded or saved (the unsaved-changes warning). */
export const isDirty = <D>(state: DesignerState<D>): boolean => state.present !== state.saved && JSON.stringify(state.present) !== JSON.stringify(state.saved);
