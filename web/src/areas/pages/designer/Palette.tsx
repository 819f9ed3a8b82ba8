import type { PointerEventHandler } from "react";
import { useDraggable } from "@dnd-kit/core";
import { COMPONENT_KINDS, COMPONENTS, type ComponentKind } from "./model.ts";

/**
 * The Components tab: every kind the schema defines, with its Chinese name. Drag one onto the page
 * to place it where the blue line shows, or press it (click, Enter, Space) to add it after the
 * selected component — the keyboard's way.
 */
export const PALETTE_PREFIX = "palette:";

const ICONS: Record<ComponentKind, string> = {
  Banner: "▭",
  Menu: "▦",
  SeparationLine: "─",
  RichText: "¶",
  Search: "⌕",
  LFTabs: "⇆",
  Information: "☰",
  InfoView: "▤",
  PictureGroup: "▨",
  List: "≡",
  Forms: "✎",
  Msg: "✉",
  GoodsList: "￥",
};

export function Palette({ onAdd }: { onAdd: (kind: ComponentKind) => void }) {
  return (
    <ul aria-label="组件" className="grid grid-cols-2 gap-2 p-3">
      {COMPONENT_KINDS.map((kind) => (
        <PaletteItem key={kind} kind={kind} onAdd={onAdd} />
      ))}
    </ul>
  );
}

function PaletteItem({ kind, onAdd }: { kind: ComponentKind; onAdd: (kind: ComponentKind) => void }) {
  // Only the pointer starts a drag here: the keyboard presses the button, which adds the component.
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: `${PALETTE_PREFIX}${kind}`, data: { kind } });
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
        onClick={() => onAdd(kind)}
        // Enter adds as a press does, whatever an ancestor does with the key (the drag context listens to keys).
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          onAdd(kind);
        }}
        data-palette={kind}
        aria-label={`添加${COMPONENTS[kind].label}`}
        className={`flex w-full cursor-grab flex-col items-center gap-1 rounded border border-slate-200 bg-white px-1 py-2 text-xs text-slate-700 hover:border-blue-500 hover:text-blue-600 ${isDragging ? "opacity-50" : ""}`}
      >
        <span aria-hidden className="text-lg leading-none">
          {ICONS[kind]}
        </span>
        {COMPONENTS[kind].label}
      </button>
    </li>
  );
}

/** What follows the pointer while a palette item is dragged. */
export function PaletteGhost({ kind }: { kind: ComponentKind }) {
  return <div className="rounded border border-blue-500 bg-white px-3 py-2 text-xs text-blue-600 shadow-lg">{COMPONENTS[kind].label}</div>;
}
