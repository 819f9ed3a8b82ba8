import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useBlocker } from "@tanstack/react-router";
import { toast } from "../../../lib/toast.ts";
import { confirm } from "../../../ui/dialogs/Confirm.tsx";
import { recordProblems } from "./panels.tsx";
import { designerReducer, initDesigner, isDirty } from "./store.ts";
import { parsePageDocument, type Component } from "./model.ts";
import { blankPage, usePages, type LoadedPage, type PageRow } from "./persistence.tsx";
import { LEAVE_QUESTION, designOf, documentOf, type Design } from "./design.ts";

/** Whether a key press belongs to a text control (its own undo), not to the designer. */
const inTextControl = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

/**
 * The page being designed: its record's row, the design with its undo history, and the moves that
 * change which page it is (open another, reload, save). Unsaved edits are asked about before they
 * are lost: opening another page, reloading, or leaving the screen. `onRecordRefused` is told when
 * a save is refused for the record's own fields (shown on the global settings).
 */
export function useDesignerPage(onRecordRefused: () => void) {
  const pages = usePages();
  // The record's fields the designer does not edit; its id is the page being designed (none while new).
  const [row, setRow] = useState<PageRow>(() => blankPage(0).row);
  const pageId = row.id;
  const [state, dispatch] = useReducer(designerReducer<Design, Component>, undefined, () => initDesigner<Design, Component>(designOf(blankPage(0))));
  const [saving, setSaving] = useState(false);
  const dirty = isDirty(state);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useUndoKeys(dispatch);

  // Leaving the screen (another menu entry, back, a reload or closing the tab) with unsaved edits asks first.
  useBlocker({
    shouldBlockFn: async () => dirtyRef.current && !(await confirm({ title: "离开页面", message: LEAVE_QUESTION, okText: "离开" })),
    enableBeforeUnload: () => dirtyRef.current,
  });

  const show = (page: LoadedPage) => {
    setRow(page.row);
    dispatch({ type: "load", doc: designOf(page) });
  };
  /** Opens another page of the menu tree (or a new one), after asking when the current one has unsaved edits. */
  const open = useCallback(
    async (id: number) => {
      if (id === row.id) return;
      if (dirtyRef.current && !(await confirm({ title: "切换页面", message: LEAVE_QUESTION, okText: "切换" }))) return;
      const page = await pages.load(id);
      if (page) show(page);
    },
    [pages, row.id],
  );

  async function save() {
    const design = state.present;
    const refused = Object.values(recordProblems(design.record))[0];
    if (refused) {
      toast.warning(refused);
      onRecordRefused();
      return;
    }
    const checked = parsePageDocument(documentOf(design));
    if (!checked.ok) {
      toast.error(checked.msg);
      return;
    }
    setSaving(true);
    try {
      const saved = await pages.save(row, design.record, checked.doc);
      if (saved === undefined) return;
      setRow((r) => ({ ...r, id: saved }));
      // What was sent is what is stored: it becomes the clean state (undo history is kept).
      dispatch({ type: "saved", doc: design });
      toast.success("保存成功");
    } finally {
      setSaving(false);
    }
  }

  async function reload() {
    if (pageId === undefined) return;
    if (dirty && !(await confirm({ title: "重新读取", message: "重新读取将放弃未保存的修改，确定吗？", okText: "重新读取" }))) return;
    const page = await pages.load(pageId);
    if (page) show(page);
  }

  return { pageId, setRow, state, dispatch, dirty, saving, show, open, save, reload };
}

/** Undo and redo from the keyboard, except inside a text control (which undoes its own typing). */
function useUndoKeys(dispatch: (a: { type: "undo" | "redo" }) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || inTextControl(e.target)) return;
      const k = e.key.toLowerCase();
      if (k === "z" && !e.shiftKey) dispatch({ type: "undo" });
      else if ((k === "z" && e.shiftKey) || k === "y") dispatch({ type: "redo" });
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [dispatch]);
}
