import { Suspense, createContext, lazy, useContext, useId, useState, type ReactNode } from "react";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { NumberInput, Select, TextArea, TextInput, controlClass } from "../../../ui/form/inputs.tsx";
import { JsonEditor } from "../../../ui/text/JsonEditor.tsx";
import { RichText } from "../../../ui/text/RichText.tsx";
import { Button } from "../../../ui/Button.tsx";
import { sortableAccessibility } from "../../../ui/dndA11y.ts";
import { arrayMove } from "./store.ts";
// Loaded when a link parameter is first shown: opening the designer does not download the link table.
const LinkPicker = lazy(() => import("./LinkPicker.tsx").then((m) => ({ default: m.LinkPicker })));
// The uploaders load when a picture or video parameter is first shown, not with the designer (npm run bench -- console).
const ImageUploader = lazy(() => import("../../../ui/upload/ImageUploader.tsx").then((m) => ({ default: m.ImageUploader })));
const FileUploader = lazy(() => import("../../../ui/upload/FileUploader.tsx").then((m) => ({ default: m.FileUploader })));
const Uploading = () => <p className="text-xs text-slate-500">加载中…</p>;
import { defaultOf, type FieldMeta } from "./model.ts";

/**
 * A settings panel drawn from the document schema's metadata: one control per parameter, of the
 * kind, range and options the schema declares (so the panel cannot offer what the server refuses),
 * and the schema's own message under a value it refuses. Lists (pictures, menu entries, form fields)
 * add, delete and reorder their items by dragging or with the keyboard.
 */
export type Values = Record<string, unknown>;
type Change = (key: string, value: unknown) => void;

/** A parameter row: the label above the control (the right column is narrow), the message under it. */
export function ParamRow({ label, error, hint, children, inline }: { label: ReactNode; error?: string; hint?: ReactNode; children: ReactNode; inline?: boolean }) {
  const id = useId();
  const control = <LabelFor id={id}>{children}</LabelFor>;
  return (
    <div className="py-1" data-param={typeof label === "string" ? label : undefined}>
      {inline ? (
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={id} className="text-xs text-slate-600">
            {label}
          </label>
          <div className="shrink-0">{control}</div>
        </div>
      ) : (
        <>
          <label htmlFor={id} className="mb-0.5 block text-xs text-slate-600">
            {label}
          </label>
          {control}
        </>
      )}
      {error ? (
        <p role="alert" className="mt-0.5 text-xs text-red-600">
          {error}
        </p>
      ) : (
        hint && <p className="mt-0.5 text-xs text-slate-400">{hint}</p>
      )}
    </div>
  );
}

/** The row's id for its control, so the label names it and clicking the label focuses it. */
const IdContext = createContext<string | undefined>(undefined);
const useRowId = () => useContext(IdContext);
function LabelFor({ id, children }: { id: string; children: ReactNode }) {
  return <IdContext.Provider value={id}>{children}</IdContext.Provider>;
}

/** A text or number input named by its ParamRow's label (the ui inputs take their id from ui/form/Field, not from here). */
export function RowTextInput(props: Parameters<typeof TextInput>[0]) {
  const id = useRowId();
  return <TextInput id={id} {...props} />;
}
export function RowNumberInput(props: Parameters<typeof NumberInput>[0]) {
  const id = useRowId();
  return <NumberInput id={id} {...props} />;
}

/** A yes/no switch (role="switch"), the designer's many boolean parameters. */
export function Switch({ checked, onChange, label, disabled }: { checked: boolean; onChange: (v: boolean) => void; label?: string; disabled?: boolean }) {
  const id = useRowId();
  return (
    <button
      id={label ? undefined : id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:opacity-50 ${checked ? "bg-blue-600" : "bg-slate-300"}`}
    >
      <span className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-4.5" : "translate-x-0.5"}`} />
    </button>
  );
}

/** A colour: the browser's picker beside the text (which also takes rgba() and blank). */
export function ColourInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useRowId();
  const hex = /^#[0-9a-f]{6}$/i.test(value) ? value : /^#[0-9a-f]{3}$/i.test(value) ? `#${[...value.slice(1)].map((c) => c + c).join("")}` : "#ffffff";
  return (
    <span className="flex items-center gap-1.5">
      <input
        type="color"
        aria-label="选择颜色"
        value={hex.toLowerCase()}
        onChange={(e) => onChange(e.target.value)}
        className="h-8 w-9 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
      />
      <input id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${controlClass} w-full font-mono`} />
    </span>
  );
}

/** A picture (uploaded through the presigned flow) or a video (uploaded, or an address typed). */
function MediaInput({ value, onChange, media }: { value: string; onChange: (v: string) => void; media: "image" | "video" }) {
  const id = useRowId();
  if (media === "image")
    return (
      <Suspense fallback={<Uploading />}>
        <ImageUploader value={value ? [value] : []} onChange={(urls) => onChange(urls.at(-1) ?? "")} max={1} />
      </Suspense>
    );
  return (
    <div className="flex flex-col gap-1.5">
      <input id={id} value={value} onChange={(e) => onChange(e.target.value)} placeholder="视频地址" className={`${controlClass} w-full`} />
      <Suspense fallback={<Uploading />}>
        <FileUploader kind="video" label="上传视频" onUploaded={(f) => onChange(f.url)} />
      </Suspense>
    </div>
  );
}

/** One control for one parameter. */
export function FieldControl({ name, meta, value, onChange, error }: { name: string; meta: FieldMeta; value: unknown; onChange: (v: unknown) => void; error?: string }) {
  const id = useRowId();
  switch (meta.input) {
    case "text":
      return meta.multiline ? (
        <TextArea id={id} name={name} value={value ?? ""} onChange={onChange} maxLength={meta.max} placeholder={meta.placeholder} error={error} />
      ) : (
        <TextInput id={id} name={name} value={value ?? ""} onChange={onChange} maxLength={meta.max} placeholder={meta.placeholder} error={error} />
      );
    case "link":
      return (
        <Suspense fallback={<TextInput id={id} name={name} value={value ?? ""} onChange={onChange} maxLength={meta.max} error={error} />}>
          <LinkPicker id={id} label={meta.label} value={String(value ?? "")} onChange={onChange} error={error} />
        </Suspense>
      );
    case "number":
      return <NumberField id={id} name={name} meta={meta} value={value} onChange={onChange} error={error} />;
    case "colour":
      return <ColourInput value={String(value ?? "")} onChange={onChange} />;
    case "picture":
      return <MediaInput value={String(value ?? "")} onChange={onChange} media={meta.media} />;
    case "select":
      return <Select id={id} name={name} value={value as string} options={meta.options} placeholder={false} onChange={onChange} error={error} />;
    case "switch":
      return <Switch checked={Boolean(value)} onChange={onChange} />;
    case "json":
      return <JsonEditor name={name} value={String(value ?? "")} onChange={onChange} rows={6} error={error} />;
    case "html":
      return <RichText value={String(value ?? "")} onChange={onChange} label={meta.label} minHeight={160} />;
    case "tags":
      return <TagsInput value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} max={meta.max} itemMax={meta.itemMax} label={meta.label} />;
    case "group":
      return (
        <fieldset className="rounded border border-slate-200 px-2 pb-1">
          <ParamFields
            fields={meta.fields}
            values={(value ?? {}) as Values}
            omit={actionOmit(meta.fields, (value ?? {}) as Values)}
            onChange={(k, v) => onChange({ ...((value ?? {}) as Values), [k]: v })}
          />
        </fieldset>
      );
    case "list":
      return <ListInput meta={meta} value={Array.isArray(value) ? (value as Values[]) : []} onChange={onChange} />;
  }
}

/** R562 in an action (跳转): the appid only for a mini-program, the package only for an app; hidden values are kept, as the schema stores them. */
function actionOmit(fields: Record<string, FieldMeta>, value: Values): string[] {
  if (!("appid" in fields && "package" in fields)) return [];
  return [...(value.type === "weapp" ? [] : ["appid"]), ...(value.type === "app" ? [] : ["package"])];
}

/** A number within the schema's range; "auto" when the parameter allows it (the picture group's height). */
function NumberField({
  id,
  name,
  meta,
  value,
  onChange,
  error,
}: {
  id?: string;
  name: string;
  meta: Extract<FieldMeta, { input: "number" }>;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
}) {
  const auto = value === "auto";
  return (
    <span className="flex items-center gap-2">
      {!auto && (
        <NumberInput
          id={id}
          name={name}
          value={value === undefined || value === null ? "" : String(value)}
          min={meta.min}
          max={meta.max}
          onChange={(s: unknown) => onChange(s === "" ? "" : Number(s))}
          error={error}
          className="w-28"
        />
      )}
      {meta.unit && !auto && <span className="text-xs text-slate-500">{meta.unit}</span>}
      {meta.auto && (
        <label className="inline-flex items-center gap-1 text-xs text-slate-600">
          <input type="checkbox" checked={auto} onChange={(e) => onChange(e.target.checked ? "auto" : meta.min)} className="accent-blue-600" />
          自动
        </label>
      )}
    </span>
  );
}

/** Keywords (search tabs and the like): typed one a line, at most `max`, each at most `itemMax` characters. */
function TagsInput({ value, onChange, max, itemMax, label }: { value: string[]; onChange: (v: string[]) => void; max: number; itemMax: number; label: string }) {
  const id = useRowId();
  const over = value.length > max || value.some((t) => [...t].length > itemMax);
  return (
    <>
      <TextArea id={id} value={value.join("\n")} onChange={(s: unknown) => onChange(String(s).split("\n"))} rows={3} aria-invalid={over || undefined} />
      <p className={`mt-0.5 text-xs ${over ? "text-red-600" : "text-slate-400"}`}>
        每行一个{label}，最多{max}个，每个不超过{itemMax}个字
      </p>
    </>
  );
}

/** A new item of a list: every field at its schema default. */
const newItem = (item: Record<string, FieldMeta>): Values => Object.fromEntries(Object.entries(item).map(([k, m]) => [k, defaultOf(m)]));

let itemSeq = 0;
/** A list's items with keys for dragging (kept while the list is the same length; a new list gets new keys). */
function useItemKeys(length: number): [string[], (keys: string[]) => void] {
  const [keys, setKeys] = useState<string[]>(() => Array.from({ length }, () => `i${++itemSeq}`));
  if (keys.length !== length) {
    const next = keys.length < length ? [...keys, ...Array.from({ length: length - keys.length }, () => `i${++itemSeq}`)] : keys.slice(0, length);
    setKeys(next);
    return [next, setKeys];
  }
  return [keys, setKeys];
}

/** A list of items: add (up to the schema's maximum), delete, reorder by dragging or with 上移/下移. */
function ListInput({ meta, value, onChange }: { meta: Extract<FieldMeta, { input: "list" }>; value: Values[]; onChange: (v: Values[]) => void }) {
  const [keys, setKeys] = useItemKeys(value.length);
  const [open, setOpen] = useState<number | null>(value.length ? 0 : null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length) return;
    onChange(arrayMove(value, from, to));
    setKeys(arrayMove(keys, from, to));
    setOpen(to);
  };
  const dragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    move(keys.indexOf(String(e.active.id)), keys.indexOf(String(e.over.id)));
  };
  const full = value.length >= meta.max;
  return (
    <div className="flex flex-col gap-1.5">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={dragEnd}
        accessibility={sortableAccessibility(
          (id) => `第${keys.indexOf(String(id)) + 1}${meta.unit}`,
          (id) => keys.indexOf(String(id)),
        )}
      >
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          {value.map((it, i) => (
            <ListItem
              key={keys[i]}
              id={keys[i]!}
              title={`第${i + 1}${meta.unit}${itemTitle(it)}`}
              open={open === i}
              onToggle={() => setOpen(open === i ? null : i)}
              onUp={i > 0 ? () => move(i, i - 1) : undefined}
              onDown={i < value.length - 1 ? () => move(i, i + 1) : undefined}
              onRemove={() => {
                setKeys(keys.filter((_, j) => j !== i));
                onChange(value.filter((_, j) => j !== i));
              }}
            >
              <ParamFields fields={meta.item} values={it} onChange={(k, v) => onChange(value.map((x, j) => (j === i ? { ...x, [k]: v } : x)))} />
            </ListItem>
          ))}
        </SortableContext>
      </DndContext>
      <Button
        size="sm"
        disabled={full}
        onClick={() => {
          onChange([...value, newItem(meta.item)]);
          setOpen(value.length);
        }}
        title={full ? `最多${meta.max}${meta.unit}` : undefined}
      >
        ＋ 添加{meta.label}
      </Button>
    </div>
  );
}

/** What an item is called in its header: its title, text or name when it has one. */
const itemTitle = (it: Values) => {
  const t = it.title ?? it.text ?? it.name ?? it.label;
  return typeof t === "string" && t ? `：${t}` : "";
};

function ListItem(p: { id: string; title: string; open: boolean; onToggle: () => void; onUp?: () => void; onDown?: () => void; onRemove: () => void; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: p.id });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded border border-slate-200 bg-white ${isDragging ? "z-10 shadow-lg" : ""}`}
    >
      <div className="flex items-center gap-1 px-1.5 py-1">
        <span {...attributes} {...listeners} aria-label={`拖动排序：${p.title}`} className="cursor-grab px-1 text-slate-400 select-none">
          ⠿
        </span>
        <button type="button" onClick={p.onToggle} aria-expanded={p.open} className="min-w-0 flex-1 truncate text-left text-xs text-slate-700">
          {p.title}
        </button>
        <IconButton label={`上移${p.title}`} onClick={p.onUp}>
          ↑
        </IconButton>
        <IconButton label={`下移${p.title}`} onClick={p.onDown}>
          ↓
        </IconButton>
        <IconButton label={`删除${p.title}`} onClick={p.onRemove} danger>
          ✕
        </IconButton>
      </div>
      {p.open && <div className="border-t border-slate-100 px-2 pb-1">{p.children}</div>}
    </div>
  );
}

export function IconButton({ label, onClick, children, danger }: { label: string; onClick?: () => void; children: ReactNode; danger?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={!onClick}
      onClick={(e) => {
        e.stopPropagation();
        onClick?.();
      }}
      className={`flex size-6 items-center justify-center rounded text-xs disabled:opacity-30 ${danger ? "text-red-600 hover:bg-red-50" : "text-slate-600 hover:bg-slate-100"}`}
    >
      {children}
    </button>
  );
}

/** Every parameter of `fields` (in the schema's order), except those `omit` names (drawn by hand). */
export function ParamFields({
  fields,
  values,
  onChange,
  errors = {},
  omit = [],
}: {
  fields: Record<string, FieldMeta>;
  values: Values;
  onChange: Change;
  errors?: Record<string, string>;
  omit?: string[];
}) {
  return (
    <>
      {Object.entries(fields)
        .filter(([k]) => !omit.includes(k))
        .map(([k, meta]) => (
          <ParamRow key={k} label={meta.label} error={errors[k]} inline={meta.input === "switch"}>
            <FieldControl name={k} meta={meta} value={values[k]} onChange={(v) => onChange(k, v)} error={errors[k]} />
          </ParamRow>
        ))}
    </>
  );
}
