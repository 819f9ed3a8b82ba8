import { useId, useState, type FormEvent, type ReactNode } from "react";
import { FORM_SUBMIT_PATH, type FormField } from "@xiangyu/core/pages/document/components/forms";
import { checkFormValues } from "@xiangyu/core/pages/forms/rules";
import type { AnyComponent } from "../designedPage/document.ts";
import type { Item } from "../designedPage/live.tsx";
import { useMemberWrite } from "./queries.ts";

/**
 * A designed form (表单, R579) a member fills in and sends (POST mp/form/submit): the designer's
 * fields as real controls at a phone's size, checked by the server's own rules before sending
 * (core pages/forms/rules.ts), the answers kept on a refusal. A form whose 提交接口 is not the
 * member route is shown but says where it is sent.
 */
type Values = Record<string, unknown>;
const INPUT = "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-800";

export function DesignedForm({ c, code }: { c: AnyComponent; code: string }) {
  const fields = (Array.isArray(c.formData) ? c.formData : []) as Item[];
  const submit = (c.formSubmit ?? {}) as Item;
  const [values, setValues] = useState<Values>({});
  const [problem, setProblem] = useState("");
  const [sent, setSent] = useState(false);
  const send = useMemberWrite("POST /xiangyu/api/mp/form/submit", { success: "提交成功" });
  const live = submit.show && (submit.action || FORM_SUBMIT_PATH) === FORM_SUBMIT_PATH;
  const set = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setProblem("");
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Blank answers are left unanswered by the one rule the server applies too.
    const checked = checkFormValues(fields as FormField[], values);
    if (!checked.ok) return setProblem(checked.msg);
    setProblem("");
    send.mutate(
      { code, componentId: String(c.id), values },
      {
        onSuccess: (r) => {
          setValues({});
          if (r.data?.goback && history.length > 1) history.back();
          else setSent(true);
        },
        onError: (err) => setProblem(err.message),
      },
    );
  };

  if (sent)
    return (
      <div role="status" className="mx-3 my-3 rounded-lg bg-white p-4 text-center text-sm text-slate-700">
        <p>提交成功，感谢您的填写。</p>
        <button type="button" className="mt-2 h-11 px-4 text-red-700" onClick={() => setSent(false)}>
          再填一份
        </button>
      </div>
    );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`flex flex-col gap-4 px-4 py-4 ${c.shadow ? "shadow-md" : ""}`}
      style={{ background: c.background, color: c.color }}
      data-form={c.id}
    >
      {c.formInfo && <p className="text-sm opacity-80">{c.formInfo}</p>}
      {fields.map((f, i) => (
        <FormControl key={f.name || i} f={f} value={values[f.name]} onChange={(v) => set(f.name, v)} />
      ))}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {submit.show &&
        (live ? (
          <button
            type="submit"
            disabled={send.isPending}
            className="h-11 rounded-full text-[15px] disabled:opacity-60"
            style={{ background: submit.background || "#b91c1c", color: submit.color || "#ffffff" }}
          >
            {send.isPending ? "请稍候…" : submit.text || "提交"}
          </button>
        ) : (
          <p className="text-center text-sm text-slate-500">该表单请在小程序中提交</p>
        ))}
    </form>
  );
}

type ControlProps = { f: Item; id: string; value: unknown; onChange: (v: unknown) => void };

/** One field: its label (with 必填's mark) above a control a thumb can use; a group of choices is a fieldset. */
function FormControl({ f, value, onChange }: { f: Item; value: unknown; onChange: (v: unknown) => void }) {
  const id = useId();
  if (f.type === "line") return <hr className="border-slate-200" />;
  const label = (
    <>
      {String(f.label || f.name || "")}
      {f.required && <span className="text-red-700"> *</span>}
    </>
  );
  const { Control, group } = controlOf(f);
  const control = <Control f={f} id={id} value={value} onChange={onChange} />;
  return group ? (
    <fieldset className="flex flex-col gap-1 text-sm">
      <legend className="mb-1">{label}</legend>
      {control}
    </fieldset>
  ) : (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id}>{label}</label>
      {control}
    </div>
  );
}

/** The control a field's type (and a picker's mode) calls for. */
function controlOf(f: Item): { Control: (p: ControlProps) => ReactNode; group: boolean } {
  switch (f.type) {
    case "textarea":
    case "editor":
      return { Control: LongText, group: false };
    case "radio":
      return { Control: OneOf, group: true };
    case "checkbox":
      return { Control: SomeOf, group: true };
    case "picker":
      if (f.mode === "multiSelector") return { Control: SomeOf, group: true };
      if (f.mode === "date" || f.mode === "time" || f.mode === "datetime") return { Control: When, group: false };
      return { Control: Select, group: false };
    case "rate":
      return { Control: Stars, group: true };
    case "slider":
      return { Control: Slider, group: false };
    case "switch":
      return { Control: Switch, group: false };
    case "ImagePicker":
      return { Control: () => <p className="text-slate-500">图片请在小程序中上传</p>, group: true };
    default:
      return { Control: ShortText, group: false };
  }
}

const textOf = (v: unknown) => (typeof v === "string" ? v : "");
const maxOf = (f: Item) => (Number(f.maxLength) > 0 ? Number(f.maxLength) : undefined);
const optionsOf = (f: Item) => (Array.isArray(f.options) ? f.options : []) as Item[];

function ShortText({ f, id, value, onChange }: ControlProps) {
  return <input id={id} value={textOf(value)} maxLength={maxOf(f)} placeholder={f.placeholder || undefined} onChange={(e) => onChange(e.target.value)} className={INPUT} />;
}

function LongText({ f, id, value, onChange }: ControlProps) {
  return (
    <textarea
      id={id}
      value={textOf(value)}
      maxLength={maxOf(f)}
      rows={4}
      placeholder={f.placeholder || undefined}
      onChange={(e) => onChange(e.target.value)}
      className={`${INPUT} h-auto py-2`}
    />
  );
}

function Choices({ f, id, multi, checked, pick }: { f: Item; id: string; multi: boolean; checked: (v: string) => boolean; pick: (v: string) => void }) {
  return (
    <div className="flex flex-wrap gap-x-4">
      {optionsOf(f).map((o) => (
        <label key={o.value} className="flex h-11 items-center gap-2 text-base">
          <input type={multi ? "checkbox" : "radio"} name={id} className="size-5 accent-red-700" checked={checked(o.value)} onChange={() => pick(o.value)} />
          {o.label}
        </label>
      ))}
    </div>
  );
}

function OneOf({ f, id, value, onChange }: ControlProps) {
  return <Choices f={f} id={id} multi={false} checked={(v) => value === v} pick={onChange} />;
}

function SomeOf({ f, id, value, onChange }: ControlProps) {
  const list = Array.isArray(value) ? (value as string[]) : [];
  return <Choices f={f} id={id} multi checked={(v) => list.includes(v)} pick={(v) => onChange(list.includes(v) ? list.filter((x) => x !== v) : [...list, v])} />;
}

function Select({ f, id, value, onChange }: ControlProps) {
  return (
    <select id={id} value={textOf(value)} onChange={(e) => onChange(e.target.value)} className={INPUT}>
      <option value="">{f.placeholder || "请选择"}</option>
      {optionsOf(f).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** A date, a time, or both: the phone's own picker; a date-time is sent as "YYYY-MM-DD HH:mm". */
function When({ f, id, value, onChange }: ControlProps) {
  const both = f.mode === "datetime";
  return (
    <input
      id={id}
      type={both ? "datetime-local" : f.mode}
      value={both ? textOf(value).replace(" ", "T") : textOf(value)}
      onChange={(e) => onChange(both ? e.target.value.replace("T", " ").slice(0, 16) : e.target.value)}
      className={INPUT}
    />
  );
}

function Stars({ f, value, onChange }: ControlProps) {
  const n = typeof value === "number" ? value : 0;
  return (
    <div className="flex" role="radiogroup" aria-label={String(f.label || f.name || "评分")}>
      {Array.from({ length: Math.max(1, Number(f.count) || 5) }, (_, i) => (
        <button
          key={i}
          type="button"
          role="radio"
          aria-checked={n === i + 1}
          aria-label={`${i + 1}星`}
          onClick={() => onChange(i + 1)}
          className={`size-11 text-2xl ${i < n ? "text-amber-500" : "text-slate-300"}`}
        >
          ★
        </button>
      ))}
    </div>
  );
}

function Slider({ f, id, value, onChange }: ControlProps) {
  const min = Number(f.min) || 0;
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="range"
        min={min}
        max={Number(f.max) || 100}
        step={Number(f.step) || 1}
        value={typeof value === "number" ? value : min}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-11 flex-1 accent-red-700"
      />
      <span className="w-10 text-right">{typeof value === "number" ? value : "—"}</span>
    </div>
  );
}

function Switch({ id, value, onChange }: ControlProps) {
  return <input id={id} type="checkbox" role="switch" checked={value === true} onChange={(e) => onChange(e.target.checked)} className="size-6 accent-red-700" />;
}
