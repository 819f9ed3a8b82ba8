import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useFieldId } from "./Field.tsx";
import type { FieldBinding } from "./useSchemaForm.ts";

/**
 * The basic controls, bound to a form field (`{...form.field("name")}`) or used free-standing with
 * value/onChange. They report plain values: text as strings, selects and radios as the option's value.
 */
/** The look of every text-like control; the width is the caller's (`widthOf`). */
export const controlClass =
  "h-8 rounded border border-slate-300 bg-white px-2 text-sm text-slate-800 outline-none placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-100 disabled:bg-slate-50 read-only:bg-slate-50 aria-invalid:border-red-400";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a setter of any value type may be given (a callback's parameter is contravariant)
type Binding = Partial<FieldBinding> & { onChange: (value: any) => void };
type Native<E> = Omit<E, "value" | "onChange" | "onBlur" | "name">;
const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));
/** Full width unless the caller names a width (two width classes would fight in the stylesheet). */
export const widthOf = (className: string) => (/(^|\s)(w-|max-w-|flex-)/.test(className) ? className : `w-full ${className}`);

/**
 * Text controls take `maxLength` as the field's limit, never as the browser's attribute: the
 * attribute silently cuts a pasted value, so a 60-character name arrived as its first 50 and was
 * saved. Here the whole value is kept, a counter shows how much is left near the limit and turns
 * red above it, and going over checks the field at once, so the form shows the schema's own
 * message (the server's words, `…不能超过N个字`) without waiting for the field to be left.
 */
type Limit = { maxLength?: number };
const lengthOf = (v: unknown) => [...text(v)].length;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a setter of any value type may be given
function useLimit(value: unknown, maxLength: number | undefined, error: string | undefined, onChange: (value: any) => void, onBlur: (() => void) | undefined) {
  const length = lengthOf(value);
  const over = maxLength !== undefined && length > maxLength;
  return {
    over,
    invalid: error || over ? true : undefined,
    change: (next: string) => {
      onChange(next);
      // The form checks a field when it is left; a value over the limit is refused at once.
      if (maxLength !== undefined && [...next].length > maxLength && lengthOf(value) <= maxLength) onBlur?.();
    },
    counter: (always: boolean) =>
      maxLength !== undefined && (always || over || length >= maxLength * 0.8) ? (
        <span aria-hidden="true" data-counter className={`pointer-events-none absolute bottom-1.5 right-2 text-xs ${over ? "text-red-600" : "text-slate-400"}`}>
          {length}/{maxLength}
        </span>
      ) : null,
  };
}

export function TextInput({ value, onChange, onBlur, name, error, className = "", maxLength, ...rest }: Binding & Native<InputHTMLAttributes<HTMLInputElement>> & Limit) {
  const id = useFieldId(rest["aria-label"]);
  const limit = useLimit(value, maxLength, error, onChange, onBlur);
  const input = (
    <input
      id={id}
      name={name}
      value={text(value)}
      onChange={(e) => limit.change(e.target.value)}
      onBlur={onBlur}
      aria-invalid={limit.invalid}
      className={`${controlClass} ${maxLength === undefined ? widthOf(className) : "w-full pr-14"}`}
      {...rest}
    />
  );
  if (maxLength === undefined) return input;
  return (
    <span className={`relative inline-block align-top ${widthOf(className)}`}>
      {input}
      {limit.counter(false)}
    </span>
  );
}

export function NumberInput(props: Binding & Native<InputHTMLAttributes<HTMLInputElement>>) {
  return <TextInput type="number" inputMode="numeric" {...props} />;
}

export function TextArea({
  value,
  onChange,
  onBlur,
  name,
  error,
  className = "",
  rows = 3,
  maxLength,
  ...rest
}: Binding & Native<TextareaHTMLAttributes<HTMLTextAreaElement>> & Limit) {
  const id = useFieldId(rest["aria-label"]);
  const limit = useLimit(value, maxLength, error, onChange, onBlur);
  return (
    <span className={`relative inline-block align-top ${widthOf(className)}`}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={text(value)}
        onChange={(e) => limit.change(e.target.value)}
        onBlur={onBlur}
        aria-invalid={limit.invalid}
        className={`${controlClass} block h-auto w-full py-1.5 ${maxLength === undefined ? "" : "pb-5"}`}
        {...rest}
      />
      {limit.counter(true)}
    </span>
  );
}

export type Option = { value: string | number; label: string; disabled?: boolean };

export function Select({
  value,
  onChange,
  onBlur,
  name,
  error,
  options,
  placeholder = "请选择",
  className = "",
  ...rest
}: Binding & { options: Option[]; placeholder?: string | false } & Omit<Native<InputHTMLAttributes<HTMLSelectElement>>, "placeholder">) {
  const id = useFieldId(rest["aria-label"]);
  return (
    <select
      id={id}
      name={name}
      value={text(value)}
      onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)?.value ?? "")}
      onBlur={onBlur}
      aria-invalid={error ? true : undefined}
      className={`${controlClass} pr-6 ${widthOf(className)}`}
      {...(rest as object)}
    >
      {placeholder !== false && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={String(o.value)} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function RadioGroup({ value, onChange, name, error, options, disabled }: Binding & { options: Option[]; disabled?: boolean }) {
  const id = useFieldId();
  return (
    <div id={id} role="radiogroup" aria-invalid={error ? true : undefined} className="flex min-h-8 flex-wrap items-center gap-x-4 gap-y-1">
      {options.map((o) => (
        <label key={o.value} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
          <input
            type="radio"
            name={name ?? id}
            value={String(o.value)}
            checked={text(value) === String(o.value)}
            disabled={disabled || o.disabled}
            onChange={() => onChange(o.value)}
            className="accent-blue-600"
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
