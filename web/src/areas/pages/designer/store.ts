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
import type { ComponentListName } from "./model.ts";

export const HISTORY_LIMIT = 100;

/**
 * What the store needs of a document: its two lists of components — the content and the navigation
 * bar's (header) — each component with an id unique across both. Every list edit names its list
 * (content when it says none); an edit by key finds the component in whichever list holds it.
 */
export type Identified = { id: string };
export type Doc<C extends Identified> = { content: { data: C[] }; header: { components: C[] } };
type ListName = ComponentListName;

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
  | { type: "add"; component: C; index?: number; list?: ListName }
  | { type: "move"; from: number; to: number; list?: ListName }
  | { type: "remove"; key: string }
  | { type: "duplicate"; key: string }
  | { type: "updateComponent"; key: string; patch: Partial<C>; field?: string }
  | { type: "updateDoc"; update: (doc: D) => D; field?: string }
  /** A change already stored elsewhere (the Menu tab's rename): applied to every snapshot, so it is neither an unsaved edit nor taken back by undo. */
  | { type: "stored"; update: (doc: D) => D }
  | { type: "select"; selection: Selection }
  | { type: "undo" }
  | { type: "redo" };

let seq = 0;
/** An id not yet used in `taken`. */
function newId(taken: Iterable<string>): string {
  const used = new Set(taken);
  let id: string;
  do id = `c${Date.now().toString(36)}${(++seq).toString(36)}`;
  while (used.has(id));
  return id;
}

const LISTS: readonly ListName[] = ["header", "content"];
/** The components of one list. */
export const listOf = <C extends Identified>(doc: Doc<C>, list: ListName): C[] => (list === "header" ? doc.header.components : doc.content.data);
const withList = <D extends Doc<C>, C extends Identified>(doc: D, list: ListName, data: C[]): D =>
  list === "header" ? { ...doc, header: { ...doc.header, components: data } } : { ...doc, content: { ...doc.content, data } };
/** Every component id of the document, both lists. */
const allIds = <C extends Identified>(doc: Doc<C>): string[] => [...doc.header.components, ...doc.content.data].map((c) => c.id);
/** The list holding a component, and its place there; undefined when no list does. */
export function locate<C extends Identified>(doc: Doc<C>, key: string): { list: ListName; index: number } | undefined {
  for (const list of LISTS) {
    const index = listOf<C>(doc, list).findIndex((c) => c.id === key);
    if (index >= 0) return { list, index };
  }
  return undefined;
}

/** The document with every component id present and unique across both lists (older documents, hand-written JSON). */
function withIds<D extends Doc<C>, C extends Identified>(doc: D): D {
  const seen = new Set<string>();
  const taken = allIds(doc);
  let out = doc;
  for (const list of LISTS) {
    let changed = false;
    const data = listOf<C>(doc, list).map((c) => {
      if (c.id && !seen.has(c.id)) {
        seen.add(c.id);
        return c;
      }
      changed = true;
      const id = newId([...seen, ...taken]);
      seen.add(id);
      return { ...c, id };
    });
    if (changed) out = withList<D, C>(out, list, data);
  }
  return out;
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

export function designerReducer<D extends Doc<C>, C extends Identified>(state: DesignerState<D>, action: DesignerAction<D, C>): DesignerState<D> {
  const doc = state.present;
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
      const name = action.list ?? "content";
      const list = listOf<C>(doc, name);
      const at = Math.max(0, Math.min(action.index ?? list.length, list.length));
      const id = newId(allIds(doc));
      const data = [...list.slice(0, at), { ...action.component, id }, ...list.slice(at)];
      return commit(withList<D, C>(doc, name, data), { type: "component", key: id });
    }
    case "move": {
      const name = action.list ?? "content";
      const list = listOf<C>(doc, name);
      if (action.from === action.to || action.to < 0 || action.to >= list.length || action.from < 0 || action.from >= list.length) return state;
      return commit(withList<D, C>(doc, name, arrayMove(list, action.from, action.to)));
    }
    case "remove": {
      const at = locate(doc, action.key);
      if (!at) return state;
      const selection: Selection = state.selection.type === "component" && state.selection.key === action.key ? { type: "global" } : state.selection;
      return commit(
        withList<D, C>(
          doc,
          at.list,
          listOf<C>(doc, at.list).filter((_, i) => i !== at.index),
        ),
        selection,
      );
    }
    case "duplicate": {
      const at = locate(doc, action.key);
      if (!at) return state;
      const list = listOf<C>(doc, at.list);
      const id = newId(allIds(doc));
      const copy = { ...structuredClone(list[at.index]!), id };
      return commit(withList<D, C>(doc, at.list, [...list.slice(0, at.index + 1), copy, ...list.slice(at.index + 1)]), { type: "component", key: id });
    }
    case "updateComponent": {
      const at = locate(doc, action.key);
      if (!at) return state;
      const data = listOf<C>(doc, at.list).map((c, i) => (i === at.index ? { ...c, ...action.patch, id: c.id } : c));
      return commit(withList<D, C>(doc, at.list, data), state.selection, action.field === undefined ? undefined : `${action.key}.${action.field}`);
    }
    case "updateDoc":
      return commit(action.update(doc), state.selection, action.field === undefined ? undefined : `doc.${action.field}`);
    case "stored": {
      const saved = action.update(state.saved);
      // Unchanged snapshots stay the same object, so a clean state stays clean (isDirty compares by identity first).
      return {
        ...state,
        present: state.present === state.saved ? saved : action.update(state.present),
        saved,
        past: state.past.map(action.update),
        future: state.future.map(action.update),
      };
    }
    case "select":
      return { ...state, selection: action.selection, lastEdit: undefined };
    case "undo":
      return undo(state);
    case "redo":
      return redo(state);
  }
}

/** One edit back: the present goes to the front of the future. */
function undo<D extends Doc<C>, C extends Identified>(state: DesignerState<D>): DesignerState<D> {
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

/** One undone edit again: the present goes back into the past. */
function redo<D extends Doc<C>, C extends Identified>(state: DesignerState<D>): DesignerState<D> {
  const next = state.future[0];
  if (!next) return state;
  return { ...state, present: next, past: [...state.past, state.present], future: state.future.slice(1), selection: keepSelection(state.selection, next), lastEdit: undefined };
}

/** After undo/redo, a selected component that no longer exists gives way to the global settings. */
function keepSelection<C extends Identified>(selection: Selection, doc: Doc<C>): Selection {
  return selection.type === "component" && !locate(doc, selection.key) ? { type: "global" } : selection;
}

/** Whether the document differs from what was last loaded or saved (the unsaved-changes warning). */
export const isDirty = <D>(state: DesignerState<D>): boolean => state.present !== state.saved && JSON.stringify(state.present) !== JSON.stringify(state.saved);
