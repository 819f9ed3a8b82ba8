import type { ReactNode } from "react";
import { useLive, type Item } from "./live.tsx";
import { items, type R } from "./rendererBase.ts";

/**
 * A form component as the mini-program shows it: its note, its fields (each a label and a drawing
 * of its control) and its submit button. On a live page the page's own form takes its place.
 */
export function Forms({ c }: R) {
  const { Form } = useLive();
  if (Form) return <Form c={c} />;
  const fields = items(c, "formData");
  const submit = (c.formSubmit ?? {}) as Item;
  return (
    <div
      className={`flex flex-col gap-1.5 px-3 py-2 text-[0.8em] ${c.shadow ? "shadow-md" : ""}`}
      style={{ background: c.background, color: c.color, fontSize: c.fontSize ? `${Math.max(9, c.fontSize * 0.75)}px` : undefined }}
    >
      {c.formInfo && <p className="text-slate-500">{c.formInfo}</p>}
      {fields.length ? fields.map((f, i) => <FormField key={i} f={f} />) : <p className="text-slate-400">表单（尚无字段）</p>}
      {submit.show && (
        <span className="mt-1 rounded py-1 text-center" style={{ background: submit.background, color: submit.color }}>
          {submit.text || "提交"}
        </span>
      )}
    </div>
  );
}

/** One field: a dividing line, or its label (starred when required) beside a drawing of its control. */
function FormField({ f }: { f: Item }): ReactNode {
  if (f.type === "line") return <hr className="my-1 border-slate-200" />;
  return (
    <div className={f.type === "slider" ? "flex items-center gap-2" : "flex gap-2"}>
      <span className="w-16 shrink-0 text-slate-600">
        {f.required && <span className="text-red-500">*</span>}
        {f.label || f.name}
      </span>
      <FieldControl f={f} />
    </div>
  );
}

/** A field's control as drawn beside its label: an input box by default. */
function FieldControl({ f }: { f: Item }): ReactNode {
  const box = (text: string) => <span className="flex-1 truncate rounded border border-slate-200 px-1.5 py-0.5 text-slate-400">{text}</span>;
  const options: Item[] = Array.isArray(f.options) ? f.options : [];
  switch (f.type) {
    case "textarea":
      return <span className="h-10 flex-1 rounded border border-slate-200 px-1.5 py-0.5 text-slate-400">{f.placeholder || `最多${f.maxLength || ""}字`}</span>;
    case "checkbox":
    case "radio":
      return (
        <span className="flex flex-wrap gap-2">
          {options.map((o, i) => (
            <span key={i}>
              {f.type === "radio" ? "○" : "☐"} {o.label}
            </span>
          ))}
        </span>
      );
    case "picker":
      return box(`${f.placeholder || "请选择"} ▾`);
    case "rate":
      return <span className="text-amber-400">{"★".repeat(Math.max(1, Number(f.count) || 5))}</span>;
    case "slider":
      return (
        <span className="relative h-1 flex-1 rounded bg-slate-200">
          <span className="absolute -top-1 left-1/3 size-3 rounded-full bg-blue-500" />
        </span>
      );
    case "switch":
      return (
        <span className="inline-flex h-4 w-7 items-center rounded-full bg-slate-300 px-0.5">
          <span className="size-3 rounded-full bg-white" />
        </span>
      );
    case "ImagePicker":
      return <span className="flex size-10 items-center justify-center rounded border border-dashed border-slate-300 text-slate-400">＋</span>;
    case "editor":
      return <span className="h-12 flex-1 rounded border border-slate-200 px-1.5 text-slate-400">富文本</span>;
    default:
      return box(f.placeholder || "请输入");
  }
}
