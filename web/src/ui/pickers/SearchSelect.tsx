import { useState } from "react";
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useFieldId } from "../form/Field.tsx";
import { controlClass, widthOf, type Option } from "../form/inputs.tsx";

/**
 * A select for long lists (hotels, products, channels, staff): type to filter by any part of the
 * label, arrows and Enter to choose, Escape to close, 无匹配数据 when nothing matches. Bound like the
 * form kit's Select (`{...form.field("clientSource")}`) and reporting the option's value; with
 * `clearable` (optional fields, filters) a × sets it back to "". Headless UI's Combobox: its list is
 * anchored (portalled) and stays usable inside our dialogs.
 */
type Props = {
  value?: unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a setter of any value type may be given (a callback's parameter is contravariant)
  onChange: (value: any) => void;
  onBlur?: () => void;
  /** Taken (form bindings carry it) but not rendered: the form's state is the value, not FormData. */
  name?: string;
  error?: string;
  options: Option[];
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  className?: string;
  "aria-label"?: string;
};

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));

export function SearchSelect({ value, onChange, onBlur, error, options, placeholder = "请选择", clearable, disabled, className = "", ...rest }: Props) {
  const id = useFieldId();
  const [query, setQuery] = useState("");
  const chosen = options.find((o) => String(o.value) === text(value)) ?? null;
  const q = query.trim().toLowerCase();
  const shown = q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;

  return (
    <Combobox
      value={chosen}
      by={(a: Option | null, b: Option | null) => String(a?.value) === String(b?.value)}
      onChange={(o: Option | null) => {
        if (o || clearable) onChange(o ? o.value : "");
      }}
      onClose={() => setQuery("")}
      disabled={disabled}
      immediate
    >
      <div className={`relative inline-block ${widthOf(className)}`}>
        <ComboboxInput
          id={id}
          aria-label={rest["aria-label"]}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          placeholder={chosen ? chosen.label : placeholder}
          displayValue={(o: Option | null) => o?.label ?? ""}
          onChange={(e) => setQuery(e.target.value)}
          onBlur={onBlur}
          className={`${controlClass} w-full pr-12`}
        />
        <span className="absolute inset-y-0 right-1 flex items-center">
          {clearable && chosen && !disabled && (
            <button type="button" tabIndex={-1} aria-label="清除" onClick={() => onChange("")} className="grid h-6 w-5 place-items-center text-slate-400 hover:text-slate-700">
              ×
            </button>
          )}
          <ComboboxButton aria-label="展开选项" className="grid h-6 w-6 place-items-center text-slate-400 hover:text-slate-700">
            <svg viewBox="0 0 16 16" aria-hidden="true" className="h-3.5 w-3.5 fill-current">
              <path d="M4 6l4 4 4-4z" />
            </svg>
          </ComboboxButton>
        </span>
      </div>
      <ComboboxOptions
        anchor="bottom start"
        className="z-[900] max-h-72 w-[var(--input-width)] min-w-48 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg [--anchor-gap:4px] empty:invisible"
      >
        {shown.length === 0 ? (
          <div className="px-3 py-2 text-center text-slate-400">无匹配数据</div>
        ) : (
          shown.map((o) => (
            <ComboboxOption
              key={String(o.value)}
              value={o}
              disabled={o.disabled}
              className="cursor-pointer px-3 py-1.5 text-slate-700 data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-300 data-[focus]:bg-blue-50 data-[selected]:font-medium data-[selected]:text-blue-600"
            >
              {o.label}
            </ComboboxOption>
          ))
        )}
      </ComboboxOptions>
    </Combobox>
  );
}
