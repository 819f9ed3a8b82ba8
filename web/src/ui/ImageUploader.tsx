import { useRef, useState } from "react";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, horizontalListSortingStrategy, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { toast } from "../lib/toast.ts";
import { useApi } from "../lib/screen.tsx";
import { Progress } from "./Progress.tsx";
import { UploadError, uploadFile } from "./upload.ts";
import { withWebpVariants } from "./pictureVariants.ts";
import { sortableAccessibility } from "./dndA11y.ts";
import { UPLOAD_MSG } from "@xiangyu/core/files/rules";

/**
 * Pictures of a record: jpg/png/gif/jpeg (R062) within a size limit (R064) and a count limit
 * (default 1, R067), each uploaded through the presigned flow with its progress; delete, and drag
 * to reorder (the first picture is the cover). The value is the list of picture URLs; a photo's URL
 * names the smaller WebP copies the browser made of it for the website (ui/pictureVariants.ts).
 */
type Props = {
  value: string[];
  onChange: (urls: string[]) => void;
  max?: number;
  maxKB?: number;
  disabled?: boolean;
  /** A screen's own check of the picture before it is uploaded (the goods pictures' ratio and pixels): the message refuses it. */
  check?: (file: File) => Promise<string | null>;
};
type Pending = { key: number; name: string; percent: number; label: string };

/** The order after dragging `from` onto `to`. */
export const reorder = (urls: string[], from: string, to: string) => arrayMove(urls, urls.indexOf(from), urls.indexOf(to));

export function ImageUploader({ value, onChange, max = 1, maxKB, disabled, check }: Props) {
  const [pending, setPending] = useState<Pending[]>([]);
  // Uploads go with the screen's functionId: storing a file needs A or E on it (issue 11).
  const api = useApi();
  const latest = useRef(value);
  latest.current = value;
  const input = useRef<HTMLInputElement>(null);
  const seq = useRef(0);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  async function add(files: File[]) {
    const room = max - latest.current.length - pending.length;
    if (files.length > room) toast.warning(`最多只能上传${max}张图片`);
    await Promise.all(files.slice(0, Math.max(0, room)).map(upload));
  }

  async function upload(file: File) {
    const problem = check ? await check(file) : null;
    if (problem) return void toast.error(problem);
    const key = ++seq.current;
    const set = (patch: Partial<Pending>) => setPending((l) => l.map((p) => (p.key === key ? { ...p, ...patch } : p)));
    setPending((l) => [...l, { key, name: file.name, percent: 0, label: "校验中" }]);
    try {
      const stored = await uploadFile(file, {
        api,
        kind: "image",
        maxKB,
        onProgress: (phase, percent) => set({ percent, label: phase === "hashing" ? "校验中" : phase === "uploading" ? "上传中" : "完成" }),
      });
      // Smaller WebP copies for the website (issue 35): the address then names them; never a reason to fail.
      set({ percent: 100, label: "生成小图" });
      const url = await withWebpVariants(file, stored, api);
      onChange([...latest.current, url]);
      latest.current = [...latest.current, url];
    } catch (e) {
      toast.error(e instanceof UploadError ? e.message : UPLOAD_MSG.failed);
    } finally {
      // Finished or failed, the placeholder goes (a failed file leaves the list, R063).
      setPending((l) => l.filter((p) => p.key !== key));
    }
  }

  function dragEnd(e: DragEndEvent) {
    if (e.over && e.active.id !== e.over.id) onChange(reorder(value, String(e.active.id), String(e.over.id)));
  }

  const full = value.length + pending.length >= max;
  return (
    <div className="flex flex-wrap gap-2">
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
      {pending.map((p) => (
        <div key={p.key} className="flex size-24 flex-col justify-center gap-1 rounded border border-slate-200 bg-slate-50 p-2" title={p.name}>
          <span className="truncate text-xs text-slate-500">{p.name}</span>
          <Progress value={p.percent} label={p.label} />
        </div>
      ))}
      {!full && !disabled && (
        <button
          type="button"
          aria-label="上传图片"
          onClick={() => input.current?.click()}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            void add([...e.dataTransfer.files]);
          }}
          className="flex size-24 flex-col items-center justify-center rounded border border-dashed border-slate-300 text-slate-400 hover:border-blue-500 hover:text-blue-600"
        >
          <span className="text-2xl leading-none">＋</span>
          <span className="mt-1 text-xs">上传图片</span>
        </button>
      )}
      <input
        ref={input}
        type="file"
        hidden
        data-testid="image-file"
        accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
        multiple={max > 1}
        onChange={(e) => {
          void add([...(e.target.files ?? [])]);
          e.target.value = "";
        }}
      />
    </div>
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
