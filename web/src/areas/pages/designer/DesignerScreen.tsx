import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from "react";
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useBlocker } from "@tanstack/react-router";
import { useScreen } from "../../../lib/screen.tsx";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../ui/Confirm.tsx";
import { END_OF, DesignCanvas, PagePreview } from "./Canvas.tsx";
import { partsShown } from "../../../designedPage/DesignedPage.tsx";
import { PALETTE_PREFIX, Palette, PaletteGhost } from "./Palette.tsx";
import { ComponentPanel, GlobalPanel, HeaderPanel, NavbarPanel, TabbarPanel, recordProblems, type PageRecord } from "./panels.tsx";
import { designerReducer, initDesigner, isDirty, listOf, locate, type DesignerAction, type DesignerState } from "./store.ts";
import {
  applyPageRules,
  defaultComponent,
  inHeader,
  isKind,
  parsePageDocument,
  roomFor,
  type AnyComponent,
  type Component,
  type ComponentKind,
  type ComponentListName,
  type PageDocument,
} from "./model.ts";
import { PageMenuTree } from "../menu/index.ts";
import { blankPage, rowOf, usePages, type LoadedPage, type PageRow } from "./persistence.tsx";

/** Space picks a component up and puts it down; Enter stays a press (a palette item adds its component). */
const KEYBOARD_CODES = { start: ["Space"], cancel: ["Escape"], end: ["Space"] };

/**
 * /custompage (自定义页面, function 1401): the page designer. Left: the pages' menu tree and the
 * component palette; centre: the page, in Design (edit) or Preview; right: the global settings or
 * the selected component's (or header's, banner's, tab bar's) settings. Every edit goes through the
 * designer store, so it can be undone (Ctrl+Z) and redone (Ctrl+Shift+Z / Ctrl+Y); leaving with
 * unsaved edits asks first. This file and everything it imports load as their own chunk (screens.ts).
 */
export type Design = PageDocument & { record: PageRecord };
type Action = DesignerAction<Design, Component>;

export const LEAVE_QUESTION = "页面有未保存的修改，确定离开吗？离开后修改将丢失。";

/** The design of a loaded page: its document (the page rules applied) and its record's own fields. */
export const designOf = (page: LoadedPage): Design => ({ ...applyPageRules(page.doc), record: page.record });
/** The document to save: the design without the record's fields. */
export const documentOf = ({ record: _record, ...doc }: Design): PageDocument => doc;

function Tabs<T extends string>({ tabs, value, onChange, label }: { tabs: Array<[T, string]>; value: T; onChange: (t: T) => void; label: string }) {
  return (
    <div role="tablist" aria-label={label} className="flex shrink-0 border-b border-slate-200 bg-white">
      {tabs.map(([id, text]) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={value === id}
          onClick={() => onChange(id)}
          className={`flex-1 px-3 py-2 text-sm ${value === id ? "border-b-2 border-blue-600 font-medium text-blue-600" : "text-slate-600 hover:text-blue-600"}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/** Whether a key press belongs to a text control (its own undo), not to the designer. */
const inTextControl = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

export default function DesignerScreen() {
  const { rights } = useScreen();
  const pages = usePages();
  // The record's fields the designer does not edit; its id is the page being designed (none while new).
  const [row, setRow] = useState<PageRow>(() => blankPage(0).row);
  const pageId = row.id;
  const [state, dispatch] = useReducer(designerReducer<Design, Component>, undefined, () => initDesigner<Design, Component>(designOf(blankPage(0))));
  // A page is chosen (or added) in the menu tree first; the palette is one tab away.
  const [left, setLeft] = useState<"menu" | "components">("menu");
  const [centre, setCentre] = useState<"design" | "preview">("design");
  const [right, setRight] = useState<"global" | "component">("global");
  const [saving, setSaving] = useState(false);
  const dirty = isDirty(state);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  // A selection on the canvas opens the component settings; choosing the global tab shows the page's.
  useEffect(() => {
    if (state.selection.type !== "global") setRight("component");
  }, [state.selection]);

  // Undo and redo from the keyboard, except inside a text control (which undoes its own typing).
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
  }, []);

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
      setRight("global");
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

  const doc = state.present;
  const place = state.selection.type === "component" ? locate(doc, state.selection.key) : undefined;
  const selected = place ? (listOf(doc, place.list)[place.index] as AnyComponent) : undefined;

  /** Adds a component where it was dropped, or (pressed in the palette) after the selected one — into the navigation bar when it or one of its components is selected and takes the kind. */
  const add = (kind: ComponentKind, at?: { list: ComponentListName; index: number }) => {
    // Only into a bar the page shows: a hidden one (guide page, another top area) keeps what it has but takes nothing new.
    const headerChosen = partsShown(doc).header && ((state.selection.type === "part" && state.selection.part === "header") || place?.list === "header");
    const target =
      at ??
      (headerChosen && inHeader(kind)
        ? { list: "header" as const, index: place?.list === "header" ? place.index + 1 : doc.header.components.length }
        : { list: "content" as const, index: place?.list === "content" ? place.index + 1 : doc.content.data.length });
    const refused = roomFor(doc, target.list, kind);
    if (refused) {
      toast.warning(refused);
      return;
    }
    dispatch({ type: "add", component: defaultComponent(kind), index: target.index, list: target.list });
  };
  const duplicate = (key: string) => {
    const at = locate(doc, key);
    const c = at && (listOf(doc, at.list)[at.index] as Component);
    const refused = at && c ? roomFor(doc, at.list, c.kind) : null;
    if (refused) toast.warning(refused);
    else dispatch({ type: "duplicate", key });
  };
  const docChange = (update: (d: PageDocument) => PageDocument, field: string) =>
    dispatch({ type: "updateDoc", update: (d) => ({ ...applyPageRules(update(d)), record: d.record }), field });

  return (
    <div className="flex h-[calc(100vh-7rem)] min-h-[560px] flex-col gap-2" data-designer>
      <Toolbar
        state={state}
        dispatch={dispatch}
        hasPage={pageId !== undefined}
        dirty={dirty}
        saving={saving}
        canSave={pageId !== undefined && rights.e}
        onSave={() => void save()}
        onReload={pageId === undefined ? undefined : () => void reload()}
      />
      <DesignerDnd doc={doc} dispatch={dispatch} add={add}>
        {(dropTarget, dragKind) => (
          <div className="grid min-h-0 flex-1 grid-cols-[15rem_minmax(0,1fr)_20rem] gap-2">
            <aside aria-label="页面菜单与组件" className="flex min-h-0 flex-col overflow-hidden rounded-md border border-slate-200 bg-white">
              <Tabs
                label="左侧"
                tabs={[
                  ["menu", "菜单"],
                  ["components", "组件"],
                ]}
                value={left}
                onChange={setLeft}
              />
              <div className="min-h-0 flex-1 overflow-auto">
                {/* The tree stays mounted behind the palette: the page chosen in it (its toolbar's target) and the levels opened survive a look at the palette. */}
                <div className={left === "menu" ? "h-full" : "hidden"}>
                  <PageMenuTree
                    selectedId={pageId}
                    onOpen={(p) => void open(p.id)}
                    onChanged={(p) => {
                      // The open page renamed (or its functions bound) in the tree: what the designer shows and will send back is the stored record, not the one it loaded.
                      if (p.id !== pageId) return;
                      setRow(rowOf(p));
                      dispatch({ type: "stored", update: (d) => ({ ...d, record: { ...d.record, name: p.name } }) });
                    }}
                    onDeleted={(ids) => {
                      if (pageId !== undefined && ids.includes(pageId)) show(blankPage(0));
                    }}
                  />
                </div>
                {left === "components" && <Palette onAdd={(k) => add(k)} />}
              </div>
            </aside>
            <section className="flex min-h-0 flex-col overflow-hidden rounded-md border border-slate-200 bg-slate-100">
              <Tabs
                label="画布"
                tabs={[
                  ["design", "设计"],
                  ["preview", "预览"],
                ]}
                value={centre}
                onChange={setCentre}
              />
              <div className="min-h-0 flex-1 overflow-auto p-4">
                {centre === "design" ? (
                  <DesignCanvas
                    doc={doc}
                    title={doc.record.name}
                    selection={state.selection}
                    dropTarget={dropTarget}
                    dragKind={dragKind}
                    onSelect={(s) => dispatch({ type: "select", selection: s })}
                    onMove={(list, from, to) => dispatch({ type: "move", list, from, to })}
                    onRemove={(key) => dispatch({ type: "remove", key })}
                    onDuplicate={duplicate}
                  />
                ) : (
                  <PagePreview doc={doc} title={doc.record.name} />
                )}
              </div>
            </section>
            <aside aria-label="页面与组件设置" className="flex min-h-0 flex-col overflow-hidden rounded-md border border-slate-200 bg-white">
              <Tabs
                label="设置"
                tabs={[
                  ["global", "全局设置"],
                  ["component", "组件设置"],
                ]}
                value={right}
                onChange={setRight}
              />
              <div className="min-h-0 flex-1 overflow-auto" data-settings>
                {right === "global" ? (
                  <GlobalPanel
                    doc={doc}
                    record={doc.record}
                    onChange={docChange}
                    onRecord={(r, field) => dispatch({ type: "updateDoc", update: (d) => ({ ...d, record: { ...d.record, ...r } }), field: `record.${field}` })}
                  />
                ) : selected ? (
                  <ComponentPanel
                    c={selected}
                    onChange={(k, value) => dispatch({ type: "updateComponent", key: selected.id, patch: { [k]: value } as Partial<Component>, field: k })}
                  />
                ) : state.selection.type === "part" && state.selection.part === "header" ? (
                  <HeaderPanel doc={doc} onChange={docChange} />
                ) : state.selection.type === "part" && state.selection.part === "navbar" ? (
                  <NavbarPanel doc={doc} onChange={docChange} />
                ) : state.selection.type === "part" && state.selection.part === "tabbar" ? (
                  <TabbarPanel doc={doc} onChange={docChange} />
                ) : (
                  <p className="p-4 text-sm text-slate-400">在画布上选择一个组件，或点击导航栏、页面横幅、底部菜单</p>
                )}
              </div>
            </aside>
          </div>
        )}
      </DesignerDnd>
    </div>
  );
}

function Toolbar({
  state,
  dispatch,
  hasPage,
  dirty,
  saving,
  canSave,
  onSave,
  onReload,
}: {
  state: DesignerState<Design>;
  dispatch: (a: Action) => void;
  hasPage: boolean;
  dirty: boolean;
  saving: boolean;
  canSave: boolean;
  onSave: () => void;
  onReload?: () => void;
}) {
  return (
    <div className="flex shrink-0 items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2">
      <span className="truncate text-sm font-medium text-slate-800" data-page-title>
        {state.present.record.name || "未命名页面"}
      </span>
      <span className="text-xs text-slate-400">{state.present.content.data.length}个组件</span>
      {!hasPage && <span className="text-xs text-amber-700">未选择页面：在“菜单”中选择或新增页面后可保存</span>}
      {dirty && (
        <span className="rounded bg-amber-50 px-1.5 text-xs text-amber-700" data-dirty>
          未保存
        </span>
      )}
      <span className="flex-1" />
      <Button size="sm" disabled={!state.past.length} onClick={() => dispatch({ type: "undo" })} title="撤销（Ctrl+Z）">
        ↶ 撤销
      </Button>
      <Button size="sm" disabled={!state.future.length} onClick={() => dispatch({ type: "redo" })} title="重做（Ctrl+Shift+Z）">
        ↷ 重做
      </Button>
      {onReload && (
        <Button size="sm" onClick={onReload}>
          重新读取
        </Button>
      )}
      <Button size="sm" variant="primary" busy={saving} disabled={!canSave} onClick={onSave}>
        保存
      </Button>
    </div>
  );
}

/**
 * Drag and drop across the palette and the canvas (dnd-kit): a palette item dropped on a component
 * goes before it, dropped below a list's last one goes at that list's end (content or navigation
 * bar); a component dropped on another of its list takes its place. The keyboard picks a component
 * up with Space and moves it with the arrows. A component does not change lists by dragging.
 */
/** Where the pointer is decides (components differ in height, so the nearest centre misleads); the keyboard, which has no pointer, takes the nearest. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : closestCenter(args);
};

function DesignerDnd({
  doc,
  dispatch,
  add,
  children,
}: {
  doc: Design;
  dispatch: (a: Action) => void;
  add: (kind: ComponentKind, at?: { list: ComponentListName; index: number }) => void;
  children: (dropTarget?: string, dragKind?: ComponentKind) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: KEYBOARD_CODES }),
  );
  const [dragKind, setDragKind] = useState<ComponentKind | undefined>();
  const [dropTarget, setDropTarget] = useState<string | undefined>();
  const kindOf = (id: unknown) => {
    const s = String(id);
    const k = s.startsWith(PALETTE_PREFIX) ? s.slice(PALETTE_PREFIX.length) : undefined;
    return isKind(k) ? k : undefined;
  };
  /** A drop target as a place: its list and index (a list's end zone is after its last component). */
  const placeOf = (id: string): { list: ComponentListName; index: number } | undefined => {
    for (const list of ["header", "content"] as const) if (id === END_OF[list]) return { list, index: listOf(doc, list).length };
    return locate(doc, id);
  };
  const start = (e: DragStartEvent) => setDragKind(kindOf(e.active.id));
  const over = (e: DragOverEvent) => setDropTarget(kindOf(e.active.id) && e.over ? String(e.over.id) : undefined);
  const end = (e: DragEndEvent) => {
    const kind = kindOf(e.active.id);
    setDragKind(undefined);
    setDropTarget(undefined);
    if (!e.over) return;
    const target = placeOf(String(e.over.id));
    if (!target) return;
    if (kind) {
      add(kind, target);
      return;
    }
    const from = locate(doc, String(e.active.id));
    if (!from || from.list !== target.list) return;
    // Dropped on the end zone: the last place of its list.
    const to = Math.min(target.index, listOf(doc, target.list).length - 1);
    if (from.index !== to) dispatch({ type: "move", list: from.list, from: from.index, to });
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={start}
      onDragOver={over}
      onDragEnd={end}
      onDragCancel={() => {
        setDragKind(undefined);
        setDropTarget(undefined);
      }}
      accessibility={{
        screenReaderInstructions: { draggable: "按空格键拿起组件，用方向键移动，再按空格键放下，按Esc取消。" },
        announcements: {
          onDragStart: () => "已拿起组件",
          onDragOver: ({ over: o }) => {
            // The place in words, as the canvas shows it: the navigation bar's or the page's n-th.
            const place = o ? placeOf(String(o.id)) : undefined;
            return place ? `移动到${place.list === "header" ? "导航栏" : "页面"}第${place.index + 1}个位置` : "不在画布上";
          },
          onDragEnd: ({ over: o }) => (o ? "已放下组件" : "已取消"),
          onDragCancel: () => "已取消拖动",
        },
      }}
    >
      {children(dropTarget, dragKind)}
      <DragOverlay dropAnimation={null}>{dragKind ? <PaletteGhost kind={dragKind} /> : null}</DragOverlay>
    </DndContext>
  );
}
