import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, horizontalListSortingStrategy, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { sortableAccessibility } from "../dndA11y.ts";

/** The order after dragging `from` onto `to`. */
export const reorder = (urls: string[], from: string, to: string) => arrayMove(urls, urls.indexOf(from), urls.indexOf(to));

/** The stored pictures in their order, reordered by dragging (pointer or keyboard), each with its ✕ unless `disabled`. */
export function PictureTiles({ value, onChange, disabled }: { value: string[]; onChange: (urls: string[]) => void; disabled?: boolean }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  function dragEnd(e: DragEndEvent) {
    if (e.over && e.active.id !== e.over.id) onChange(reorder(value, String(e.active.id), String(e.over.id)));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={sortableAccessibility(
        (id) => `第${value.indexOf(String(id)) + 1}张图片`,
        (id) => value.indexOf(String(id)),
      )}
    >
      <SortableContext items={value} strategy={horizontalListSortingStrategy}>
        {value.map((url, i) => (
          <Tile key={url} url={url} index={i} sortable={value.length > 1 && !disabled} onRemove={disabled ? undefined : () => onChange(value.filter((u) => u !== url))} />
        ))}
      </SortableContext>
    </DndContext>
  );
}

function Tile({ url, index, sortable, onRemove }: { url: string; index: number; sortable: boolean; onRemove?: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: url, disabled: !sortable });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`group relative size-24 overflow-hidden rounded border border-slate-200 bg-white ${isDragging ? "z-10 shadow-lg" : ""}`}
    >
      <img src={url} alt={`图片${index + 1}`} className="size-full object-cover" {...(sortable ? { ...attributes, ...listeners } : {})} />
      {onRemove && (
        <button
          type="button"
          aria-label={`删除图片${index + 1}`}
          onClick={onRemove}
          className="absolute top-1 right-1 flex size-5 items-center justify-center rounded-full bg-slate-900/60 text-xs text-white opacity-0 group-hover:opacity-100 focus:opacity-100"
        >
          ✕
        </button>
      )}
    </div>
  );
}
