import { useCallback, useEffect, useRef } from "react";
import type { Column } from "./columns.ts";

/*
 * Held columns. The scroll box says which side has rows hidden under a held column (`data-before`:
 * scrolled away from the start, `data-after`: more to the right), and the held column shows a
 * shadow on that edge. A held cell is opaque (the row's hover and selection colours, mixed solid).
 */
const HELD_HEAD = "sticky z-20";
const HELD_CELL = "sticky z-[1] bg-white group-hover/row:bg-[color-mix(in_oklab,var(--color-blue-50)_40%,white)] group-aria-selected/row:bg-blue-50";
const EDGE_LEFT_HEAD = "group-data-[before]/scroll:shadow-[inset_0_-1px_0_var(--color-slate-200),6px_0_6px_-6px_rgb(0_0_0/0.25)]";
const EDGE_RIGHT_HEAD = "group-data-[after]/scroll:shadow-[inset_0_-1px_0_var(--color-slate-200),-6px_0_6px_-6px_rgb(0_0_0/0.25)]";
const EDGE_LEFT = "group-data-[before]/scroll:shadow-[6px_0_6px_-6px_rgb(0_0_0/0.25)]";
const EDGE_RIGHT = "group-data-[after]/scroll:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)]";

/** Is this column the table's action column (held at the right by default)? */
const isActions = <T>(c: Column<T>) => c.id === "actions" || c.header === "操作";

/**
 * The columns held while the table scrolls sideways: the first shown column at the left (after the
 * selection boxes, which are 2.5rem wide), the last at the right when it is the actions' (or says
 * so). `held` is a cell's (or a head's) classes, `heldBox` the selection column's.
 */
export function heldColumns<T>(byId: Map<string, Column<T>>, visibleIds: string[], selectable?: boolean) {
  const first = byId.get(visibleIds[0] ?? "");
  const last = visibleIds.length > 1 ? byId.get(visibleIds[visibleIds.length - 1]) : undefined;
  const leftId = first && first.pin !== false && first.pin !== "right" ? first.id : undefined;
  const rightId = last && (last.pin === "right" || (last.pin === undefined && isActions(last))) ? last.id : undefined;
  const held = (id: string, head: boolean) =>
    id === leftId
      ? `${head ? `${HELD_HEAD} ${EDGE_LEFT_HEAD} bg-slate-50` : `${HELD_CELL} ${EDGE_LEFT}`} ${selectable ? "left-10" : "left-0"}`
      : id === rightId
        ? `${head ? `${HELD_HEAD} ${EDGE_RIGHT_HEAD} bg-slate-50` : `${HELD_CELL} ${EDGE_RIGHT}`} right-0`
        : "";
  const heldBox = (head: boolean) => (leftId ? `w-10 min-w-10 max-w-10 left-0 ${head ? HELD_HEAD : HELD_CELL}` : "w-10");
  return { rightId, held, heldBox };
}

/** Which edges of the scroll box have rows hidden under a held column: set on the box itself, no render needed. */
export function useScrollEdges() {
  const box = useRef<HTMLDivElement>(null);
  const edges = useCallback(() => {
    const el = box.current;
    if (!el) return;
    el.toggleAttribute("data-before", el.scrollLeft > 0);
    el.toggleAttribute("data-after", el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  }, []);
  useEffect(() => {
    const el = box.current;
    edges();
    if (!el || typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(edges);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, [edges]);
  return { box, edges };
}
