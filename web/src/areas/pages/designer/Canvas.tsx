import type { KeyboardEvent, ReactNode } from "react";
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { frameOf, scaleOf, textSizeOf } from "../../../designedPage/geometry.ts";
import { ComponentPreview } from "../../../designedPage/renderers.tsx";
import { HeaderBar, NavbarBanner, TabBar } from "../../../designedPage/PageChrome.tsx";
import { DesignedPage, GuideNotice, partsShown } from "../../../designedPage/DesignedPage.tsx";
import { IconButton } from "./ParamFields.tsx";
import { kindLabel, roomFor, type AnyComponent, type ComponentKind, type ComponentListName, type PageDocument } from "./model.ts";
import type { Selection } from "./store.ts";

/**
 * The centre of the designer: the page drawn at the preview's scale. In Design, the page has two
 * drop zones, the navigation bar's components (header, when the page shows it) and the content;
 * every component in them is a focusable, draggable block (click or focus selects it; drag, or
 * Alt+↑/↓, or its 上移/下移 buttons move it within its zone; Delete removes it); the navigation bar's
 * title row, the page banner and the tab bar open their own settings; a component dragged from the
 * palette is dropped where the blue line shows. Preview draws the same page without any of that,
 * as the mini-program shows it.
 */
const CANVAS_END = "canvas-end";
const HEADER_END = "header-end";
/** The drop zone below each list's last component. */
export const END_OF: Record<ComponentListName, string> = { content: CANVAS_END, header: HEADER_END };

type Props = {
  doc: PageDocument;
  title: string;
  selection: Selection;
  /** Where a dragged palette item would land (a component id, CANVAS_END or HEADER_END). */
  dropTarget?: string;
  /** The palette kind being dragged, if any: a zone that cannot take it says so. */
  dragKind?: ComponentKind;
  onSelect: (s: Selection) => void;
  onMove: (list: ComponentListName, from: number, to: number) => void;
  onRemove: (id: string) => void;
  onDuplicate: (id: string) => void;
};

function Frame({ doc, children }: { doc: PageDocument; children: ReactNode }) {
  const frame = frameOf(doc.terminal);
  return (
    <div
      data-frame={doc.terminal}
      className="mx-auto flex flex-col overflow-hidden rounded-md border border-slate-300 shadow-sm"
      // The page itself is the frame's width: the border lies outside it, or two 375 px pictures would not fit side by side.
      style={{ width: frame.width, minHeight: frame.height, background: doc.backgroundColor, boxSizing: "content-box", fontSize: textSizeOf(scaleOf(doc.terminal)) }}
    >
      {children}
    </div>
  );
}

export function DesignCanvas(p: Props) {
  const { doc } = p;
  const scale = scaleOf(doc.terminal);
  const shown = partsShown(doc);
  // The part as it will look, under a transparent button that selects it: the button's name says
  // what it opens and holds no visible text of its own (axe label-content-name-mismatch).
  const part = (name: "navbar" | "tabbar", node: ReactNode) => (
    <div className="relative">
      {node}
      <button
        type="button"
        aria-label={`${name === "navbar" ? "页面横幅" : "底部菜单"}设置`}
        onClick={() => p.onSelect({ type: "part", part: name })}
        className={`absolute inset-0 block w-full outline-offset-[-2px] focus-visible:outline-2 focus-visible:outline-blue-600 ${p.selection.type === "part" && p.selection.part === name ? "outline-2 outline-blue-500" : "hover:outline-1 hover:outline-dashed hover:outline-blue-400"}`}
      />
    </div>
  );
  return (
    <Frame doc={doc}>
      {shown.header && (
        <HeaderBar
          doc={doc}
          title={p.title}
          select={{ selected: p.selection.type === "part" && p.selection.part === "header", onSelect: () => p.onSelect({ type: "part", part: "header" }) }}
        >
          <Zone {...p} list="header" components={doc.header.components as AnyComponent[]} scale={scale} />
        </HeaderBar>
      )}
      {shown.navbar && part("navbar", <NavbarBanner doc={doc} title={p.title} />)}
      {doc.isGuide && <GuideNotice />}
      {shown.content && (
        <div data-part="content" className={`flex-1 ${doc.header.radius && shown.header ? "-mt-2 rounded-t-xl" : ""}`} style={{ background: doc.backgroundColor }}>
          <Zone {...p} list="content" components={doc.content.data as AnyComponent[]} scale={scale} />
        </div>
      )}
      {!shown.content && !doc.isGuide && <div className="flex-1" />}
      {shown.tabbar && part("tabbar", <TabBar doc={doc} />)}
    </Frame>
  );
}

const ZONE_NAMES: Record<ComponentListName, string> = { content: "页面组件", header: "导航栏组件" };

/** One list of components (content or header) as a sortable zone, with its end drop zone. */
function Zone(p: Props & { list: ComponentListName; components: AnyComponent[]; scale: number }) {
  const { list, components } = p;
  // A palette item this zone cannot take (a kind the header does not hold, a full list): the end zone says why instead of inviting the drop.
  const refusal = p.dragKind ? roomFor(p.doc, list, p.dragKind) : null;
  return (
    <div data-zone={list}>
      <SortableContext items={components.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <ol aria-label={ZONE_NAMES[list]} className="flex flex-col">
          {components.map((c, i) => (
            <CanvasItem
              key={c.id}
              {...p}
              c={c}
              index={i}
              count={components.length}
              selected={p.selection.type === "component" && p.selection.key === c.id}
              dropBefore={p.dropTarget === c.id && !refusal}
            />
          ))}
        </ol>
      </SortableContext>
      <EndZone
        id={END_OF[list]}
        list={list}
        atEnd={p.dropTarget === END_OF[list]}
        refused={refusal !== null && (p.dropTarget === END_OF[list] || components.some((c) => c.id === p.dropTarget)) ? refusal : null}
        empty={!components.length}
      />
    </div>
  );
}

/** Below a list's last component: dropping here appends; an empty list says what to do; a zone that cannot take the dragged kind says why. */
function EndZone({ id, list, atEnd, empty, refused }: { id: string; list: ComponentListName; atEnd: boolean; empty: boolean; refused: string | null }) {
  const { setNodeRef } = useDroppable({ id });
  const header = list === "header";
  const active = atEnd || refused !== null;
  const text = refused
    ? refused
    : atEnd
      ? header
        ? "放到导航栏末尾"
        : "放到页面末尾"
      : empty
        ? header
          ? "拖入搜索栏、菜单、选项卡等组件到导航栏"
          : "从左侧组件栏拖入组件，或点击组件添加"
        : "";
  // Small in a header that has components, yet big enough to drop on.
  const height = header ? (empty || active ? "h-8" : "h-4") : empty ? "h-40" : "h-12";
  return (
    <div
      ref={setNodeRef}
      data-drop-end={list}
      className={`flex items-center justify-center text-xs ${header ? "" : "text-slate-400"} ${height} ${
        active
          ? refused
            ? "bg-red-50 text-red-600 outline-2 -outline-offset-4 outline-red-400 outline-dashed"
            : "bg-blue-50 text-blue-600 outline-2 -outline-offset-4 outline-blue-400 outline-dashed"
          : ""
      }`}
    >
      {text}
    </div>
  );
}

function CanvasItem({
  c,
  list,
  index,
  count,
  scale,
  selected,
  dropBefore,
  onSelect,
  onMove,
  onRemove,
  onDuplicate,
}: Props & { c: AnyComponent; list: ComponentListName; index: number; count: number; scale: number; selected: boolean; dropBefore: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: c.id, data: { list } });
  const label = `${list === "header" ? "导航栏" : ""}${kindLabel(c.kind)}（第${index + 1}个）`;
  // Alt+↑/↓ moves without dragging, Delete removes; anything else goes to dnd-kit (Space picks the block up).
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.altKey && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
      e.preventDefault();
      onMove(list, index, e.key === "ArrowUp" ? index - 1 : index + 1);
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
      data-list={list}
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
        <IconButton label={`上移${label}`} onClick={index > 0 ? () => onMove(list, index, index - 1) : undefined}>
          ↑
        </IconButton>
        <IconButton label={`下移${label}`} onClick={index < count - 1 ? () => onMove(list, index, index + 1) : undefined}>
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

/** The page as the mini-program shows it: no selection, no handles (the member H5 draws the same page). */
export function PagePreview({ doc, title }: { doc: PageDocument; title: string }) {
  return (
    <Frame doc={doc}>
      <DesignedPage doc={doc} title={title} scale={scaleOf(doc.terminal)} />
    </Frame>
  );
}
