import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";

/**
 * What a screen reader hears around a drag (@dnd-kit's `accessibility` option), in Chinese: the
 * library's own instructions and announcements are English ("To pick up a draggable item, press the
 * space bar…"), and its instructions sit in every page that holds a DndContext. Every DndContext of
 * the console passes these (or the page designer's own words, in the same style).
 */
const DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable: "按空格键或回车键拿起，用方向键移动，再按空格键或回车键放下，按 Esc 键取消。",
};

/**
 * A sortable list's words: `name` says which item moves (第2张图片), `position` where an item stands
 * (from 0), so the announcement says the place it would take.
 */
export function sortableAccessibility(name: (id: UniqueIdentifier) => string, position: (id: UniqueIdentifier) => number) {
  const place = (id: UniqueIdentifier) => `第${position(id) + 1}个位置`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `已拿起${name(active.id)}`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)}移到${place(over.id)}` : `${name(active.id)}已离开列表`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)}已放在${place(over.id)}` : `已放下${name(active.id)}，位置不变`),
    onDragCancel: ({ active }) => `已取消拖动，${name(active.id)}回到原位`,
  };
  return { screenReaderInstructions: DRAG_INSTRUCTIONS, announcements };
}
