import type { KeyboardEvent, ReactNode } from "react";
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { frameOf, scaleOf } from "./geometry.ts";
import { ComponentPreview } from "./renderers.tsx";
import { HeaderBar, NavbarBanner, TabBar } from "./PageChrome.tsx";
import { IconButton } from "./ParamFields.tsx";
import { kindLabel, type AnyComponent, type PageDocument } from "./model.ts";
import type { Selection } from "./store.ts";

/**
 * The centre of the designer: the page drawn at the preview's scale. In Design, every component is
 * a focusable, draggable block (click or focus selects it; drag, or Alt+↑/↓, or its 上移/下移 buttons
 * move it; Delete removes it), the header, page banner and tab bar open their own settings, and a
 * component dragged from the palette is dropped where the blue line shows. Preview draws the same
 * page without any of that, as the mini-program shows it.
 */
export const CANVAS_END = "canvas-end";

type Props = {
  doc: PageDocument;
  title: string;
  selection: Selection;
  /** Where a dragged palette item would land (a component id, or CANVAS_END). */
  dropTarget?: string;
  onSelect: (s: Selection) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (id: string) => void;
  onDuplicate: (id: string) => void;
};

/** Which parts of the page show (R555–R557): a guide page shows none of them. */
export function partsShown(doc: PageDocument) {
  const guide = doc.isGuide;
  return {
    header: !guide && doc.topArea === "main" && doc.header.display,
    navbar: !guide && doc.topArea === "back" && doc.navbar.display,
    content: !guide && doc.content.display,
    tabbar: !guide && doc.tabbar.display,
  };
}

function Frame({ doc, children }: { doc: PageDocument; children: ReactNode }) {
  const frame = frameOf(doc.terminal);
  return (
    <div
      data-frame={doc.terminal}
      className="mx-auto flex flex-col overflow-hidden rounded-md border border-slate-300 shadow-sm"
      // The page itself is the frame's width: the border lies outside it, or two 375 px pictures would not fit side by side.
      style={{ width: frame.width, minHeight: frame.height, background: doc.backgroundColor, boxSizing: "content-box" }}
    >
      {children}
    </div>
  );
}

function GuideNotice() {
  return <div className="flex flex-1 items-center justify-center p-4 text-center text-xs text-slate-400">引导页：不显示导航栏、页面横幅、内容和底部菜单</div>;
}

export function DesignCanvas(p: Props) {
  const { doc } = p;
  const scale = scaleOf(doc.terminal);
  const shown = partsShown(doc);
  const list = doc.content.data as AnyComponent[];
  const part = (name: string, node: ReactNode) => (
    <button
      type="button"
      aria-label={`${name === "header" ? "导航栏" : name === "navbar" ? "页面横幅" : "底部菜单"}设置`}
      onClick={() => p.onSelect({ type: "part", part: name })}
      className={`block w-full text-left outline-offset-[-2px] ${p.selection.type === "part" && p.selection.part === name ? "outline-2 outline-blue-500" : "hover:outline-1 hover:outline-dashed hover:outline-blue-400"}`}
    >
      {node}
    </button>
  );
  return (
    <Frame doc={doc}>
      {shown.header && part("header", <HeaderBar doc={doc} title={p.title} />)}
      {shown.navbar && part("navbar", <NavbarBanner doc={doc} title={p.title} />)}
      {doc.isGuide && <GuideNotice />}
      {shown.content && (
        <div data-part="content" className={`flex-1 ${doc.header.radius && shown.header ? "-mt-2 rounded-t-xl" : ""}`} style={{ background: doc.backgroundColor }}>
          <SortableContext items={list.map((c) => c.id)} strategy={verticalListSortingStrategy}>
            <ol aria-label="页面组件" className="flex flex-col">
              {list.map((c, i) => (
                <CanvasItem
                  key={c.id}
                  c={c}
                  index={i}
                  count={list.length}
                  scale={scale}
                  selected={p.selection.type === "component" && p.selection.key === c.id}
                  dropBefore={p.dropTarget === c.id}
                  {...p}
                />
              ))}
            </ol>
          </SortableContext>
          <EndZone active={p.dropTarget === CANVAS_END} empty={!list.length} />
        </div>
      )}
      {!shown.content && !doc.isGuide && <div className="flex-1" />}
      {shown.tabbar && part("tabbar", <TabBar doc={doc} />)}
    </Frame>
  );
}

/** Below the last component: dropping here appends; on an empty page it says what to do. */
function EndZone({ active, empty }: { active: boolean; empty: boolean }) {
  const { setNodeRef } = useDroppable({ id: CANVAS_END });
  return (
    <div
      ref={setNodeRef}
      data-drop-end
      className={`flex items-center justify-center text-xs text-slate-400 ${empty ? "h-40" : "h-12"} ${active ? "bg-blue-50 outline-2 -outline-offset-4 outline-blue-400 outline-dashed" : ""}`}
    >
      {empty ? "从左侧组件栏拖入组件，或点击组件添加" : active ? "放到页面末尾" : ""}
    </div>
  );
}

function CanvasItem({
  c,
  index,
  count,
  scale,
  selected,
  dropBefore,
  onSelect,
  onMove,
  onRemove,
  onDuplicate,
}: Props & { c: AnyComponent; index: number; count: number; scale: number; selected: boolean; dropBefore: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: c.id });
  const label = `${kindLabel(c.kind)}（第${index + 1}个）`;
  // Alt+↑/↓ moves without dragging, Delete removes; anything else goes to dnd-kit (Space picks the block up).
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.altKey && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
      e.preventDefault();
      onMove(index, e.key === "ArrowUp" ? index - 1 : index + 1);
      return;
    }
    if (e.key === "Delete") {
      e.preventDefault();
      onRemove(c.id);
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  return (
    <li
      ref={setNodeRef}
      data-component={c.kind}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`group relative ${isDragging ? "z-20 opacity-60" : ""}`}
    >
      {dropBefore && <div aria-hidden className="absolute -top-0.5 right-0 left-0 z-10 h-1 rounded bg-blue-500" data-drop-line />}
      <div
        {...attributes}
        {...listeners}
        onKeyDown={keyDown}
        onFocus={(e) => {
          if (e.target === e.currentTarget && !selected) onSelect({ type: "component", key: c.id });
        }}
        onClick={() => onSelect({ type: "component", key: c.id })}
        aria-label={label}
        aria-pressed={selected}
        aria-roledescription="可拖动的组件"
        className={`cursor-grab outline-offset-[-2px] focus-visible:outline-2 focus-visible:outline-blue-600 ${
          selected ? "outline-2 outline-blue-500" : "hover:outline-1 hover:outline-dashed hover:outline-blue-400"
        }`}
      >
        <div className="pointer-events-none">
          <ComponentPreview c={c} scale={scale} />
        </div>
      </div>
      <div
        className={`absolute top-1 right-1 z-10 items-center gap-0.5 rounded border border-slate-200 bg-white/95 px-0.5 shadow-sm ${selected ? "flex" : "hidden group-focus-within:flex group-hover:flex"}`}
      >
        <span className="px-1 text-[10px] text-slate-500">{kindLabel(c.kind)}</span>
        <IconButton label={`上移${label}`} onClick={index > 0 ? () => onMove(index, index - 1) : undefined}>
          ↑
        </IconButton>
        <IconButton label={`下移${label}`} onClick={index < count - 1 ? () => onMove(index, index + 1) : undefined}>
          ↓
        </IconButton>
        <IconButton label={`复制${label}`} onClick={() => onDuplicate(c.id)}>
          ▣
        </IconButton>
        <IconButton label={`删除${label}`} onClick={() => onRemove(c.id)} danger>
          ✕
        </IconButton>
      </div>
    </li>
  );
}

/** The page as the mini-program shows it: no selection, no handles. */
export function PagePreview({ doc, title }: { doc: PageDocument; title: string }) {
  const scale = scaleOf(doc.terminal);
  const shown = partsShown(doc);
  return (
    <Frame doc={doc}>
      {shown.header && <HeaderBar doc={doc} title={title} />}
      {shown.navbar && <NavbarBanner doc={doc} title={title} />}
      {doc.isGuide && <GuideNotice />}
      <div className="flex-1" data-part={shown.content ? "content" : undefined}>
        {shown.content && (doc.content.data as AnyComponent[]).map((c) => <ComponentPreview key={c.id} c={c} scale={scale} />)}
      </div>
      {shown.tabbar && <TabBar doc={doc} />}
    </Frame>
  );
}
