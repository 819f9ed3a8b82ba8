/**
 * The designer's state: the page document being edited, what is selected, and the history that
 * undo and redo walk. Pure (a reducer), so every edit the screen offers is tested without a DOM.
 *
 * The document's components have no identity of their own (the saved document is a plain list),
 * but dragging, selection and React need one: the store keeps a key per component, parallel to
 * `content.data`, inside each snapshot so that undo restores both together.
 *
 * History holds whole snapshots (documents are small — 200 components are some 100 kB — and
 * structural sharing keeps unchanged parts shared), at most HISTORY_LIMIT back. Consecutive edits
 * of the same field coalesce into one step, so undo after typing a title takes back the title, not
 * its last letter.
 */
export const HISTORY_LIMIT = 100;

/** What the store needs of a document: the content list it arranges. */
export type Doc<C> = { content: { data: C[] } };

export type Snapshot<D> = { doc: D; keys: string[] };

/** The right-hand side shows the global settings, or one component's settings by key. */
export type Selection = { type: "global" } | { type: "component"; key: string } | { type: "part"; part: string };

export type DesignerState<D> = {
  present: Snapshot<D>;
  past: Snapshot<D>[];
  future: Snapshot<D>[];
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
/** A key unique within the session (also across undo/redo, which restore old keys). */
export const newKey = () => `c${++seq}`;

export function initDesigner<D extends Doc<C>, C>(doc: D): DesignerState<D> {
  return { present: { doc, keys: doc.content.data.map(newKey) }, past: [], future: [], selection: { type: "global" }, saved: doc };
}

const withList = <D extends Doc<C>, C>(doc: D, data: C[]): D => ({ ...doc, content: { ...doc.content, data } });

/** Moves one element; out-of-range moves leave the list as it was. */
export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function designerReducer<D extends Doc<C>, C>(state: DesignerState<D>, action: DesignerAction<D, C>): DesignerState<D> {
  const { doc, keys } = state.present;
  const list = doc.content.data;
  // A new present: the old one goes into the past (unless this edit continues the last one), the future is dropped.
  const commit = (present: Snapshot<D>, selection: Selection = state.selection, field?: string): DesignerState<D> => {
    const continues = field !== undefined && field === state.lastEdit;
    const past = continues ? state.past : [...state.past, state.present].slice(-HISTORY_LIMIT);
    return { ...state, present, past, future: [], selection, lastEdit: field };
  };
  switch (action.type) {
    case "load":
      return initDesigner(action.doc);
    case "saved":
      return { ...state, saved: action.doc, lastEdit: undefined };
    case "add": {
      const at = Math.max(0, Math.min(action.index ?? list.length, list.length));
      const key = newKey();
      const data = [...list.slice(0, at), action.component, ...list.slice(at)];
      return commit({ doc: withList(doc, data), keys: [...keys.slice(0, at), key, ...keys.slice(at)] }, { type: "component", key });
    }
    case "move": {
      if (action.from === action.to || action.to < 0 || action.to >= list.length || action.from < 0 || action.from >= list.length) return state;
      return commit({ doc: withList(doc, arrayMove(list, action.from, action.to)), keys: arrayMove(keys, action.from, action.to) });
    }
    case "remove": {
      const at = keys.indexOf(action.key);
      if (at < 0) return state;
      const selection: Selection = state.selection.type === "component" && state.selection.key === action.key ? { type: "global" } : state.selection;
      return commit({ doc: withList(doc, list.filter((_, i) => i !== at)), keys: keys.filter((_, i) => i !== at) }, selection);
    }
    case "duplicate": {
      const at = keys.indexOf(action.key);
      if (at < 0) return state;
      const key = newKey();
      const copy = structuredClone(list[at]!);
      return commit({ doc: withList(doc, [...list.slice(0, at + 1), copy, ...list.slice(at + 1)]), keys: [...keys.slice(0, at + 1), key, ...keys.slice(at + 1)] }, { type: "component", key });
    }
    case "updateComponent": {
      const at = keys.indexOf(action.key);
      if (at < 0) return state;
      const data = list.map((c, i) => (i === at ? { ...c, ...action.patch } : c));
      return commit({ doc: withList(doc, data), keys }, state.selection, action.field === undefined ? undefined : `${action.key}.${action.field}`);
    }
    case "updateDoc":
      return commit({ doc: action.update(doc), keys }, state.selection, action.field === undefined ? undefined : `doc.${action.field}`);
    case "select":
      return { ...state, selection: action.selection, lastEdit: undefined };
    case "undo": {
      const prev = state.past.at(-1);
      if (!prev) return state;
      return { ...state, present: prev, past: state.past.slice(0, -1), future: [state.present, ...state.future], selection: keepSelection(state.selection, prev), lastEdit: undefined };
    }
    case "redo": {
      const next = state.future[0];
      if (!next) return state;
      return { ...state, present: next, past: [...state.past, state.present], future: state.future.slice(1), selection: keepSelection(state.selection, next), lastEdit: undefined };
    }
  }
}

/** After undo/redo, a selected component that no longer exists gives way to the global settings. */
function keepSelection<D>(selection: Selection, snap: Snapshot<D>): Selection {
  return selection.type === "component" && !snap.keys.includes(selection.key) ? { type: "global" } : selection;
}

/** Whether the document differs from what was last loaded or saved (the unsaved-changes warning). */
export const isDirty = <D>(state: DesignerState<D>): boolean => state.present.doc !== state.saved && JSON.stringify(state.present.doc) !== JSON.stringify(state.saved);
