import { useState, type ReactNode } from "react";
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
import { END_OF } from "./Canvas.tsx";
import { PALETTE_PREFIX, PaletteGhost } from "./Palette.tsx";
import { listOf, locate } from "./store.ts";
import { isKind, type ComponentKind, type ComponentListName } from "./model.ts";
import type { Action, Design } from "./design.ts";

/** Space picks a component up and puts it down; Enter stays a press (a palette item adds its component). */
const KEYBOARD_CODES = { start: ["Space"], cancel: ["Escape"], end: ["Space"] };

/** Where the pointer is decides (components differ in height, so the nearest centre misleads); the keyboard, which has no pointer, takes the nearest. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : closestCenter(args);
};

/** The kind of component a palette item's drag id names; none for a component already on the page. */
const kindOf = (id: unknown) => {
  const s = String(id);
  const k = s.startsWith(PALETTE_PREFIX) ? s.slice(PALETTE_PREFIX.length) : undefined;
  return isKind(k) ? k : undefined;
};

/** A drop target as a place: its list and index (a list's end zone is after its last component). */
const placeIn = (doc: Design, id: string): { list: ComponentListName; index: number } | undefined => {
  for (const list of ["header", "content"] as const) if (id === END_OF[list]) return { list, index: listOf(doc, list).length };
  return locate(doc, id);
};

/**
 * Drag and drop across the palette and the canvas (dnd-kit): a palette item dropped on a component
 * goes before it, dropped below a list's last one goes at that list's end (content or navigation
 * bar); a component dropped on another of its list takes its place. The keyboard picks a component
 * up with Space and moves it with the arrows. A component does not change lists by dragging.
 */
export function DesignerDnd({
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
  const placeOf = (id: string) => placeIn(doc, id);
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
