import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useFieldId } from "../form/Field.tsx";
import { controlClass, widthOf } from "../form/inputs.tsx";
import { PickerPopover } from "./PickerPopover.tsx";

/**
 * The shell of the one-value pickers (day, month): a text box staff may type into, a calendar
 * button, and the panel under them. Typing a whole value in the strict form (2026-12-05) applies it
 * at once; other spellings (2026/12/5) are read when the field is left or on Enter; text that names
 * nothing valid goes back to the value. Clicking the box opens the panel and leaves the caret where
 * it is; ArrowDown (or the button) moves the focus into the panel; Escape closes it and a pick
 * closes it, both giving the focus back to the box. The form's onBlur runs when the focus leaves
 * the box and its panel together, so picking in the panel does not count as leaving the field.
 */
export type PickerBinding = {
  value?: unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a setter of any value type may be given (a callback's parameter is contravariant)
  onChange: (value: any) => void;
  onBlur?: () => void;
  name?: string;
  error?: string;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  className?: string;
  "aria-label"?: string;
  /** Offers a × that empties the field (filters, optional fields). */
  clearable?: boolean;
};

type PanelApi = { pick: (value: string) => void; draft: string };

type Props = PickerBinding & {
  /** Reads typed text in any accepted spelling; null when it names no value. */
  read: (text: string) => string | null;
  /** The strict spelling applied while typing. */
  typing: RegExp;
  /** Whether a value may be chosen (min/max). */
  allowed: (value: string) => boolean;
  panelLabel: string;
  panel: (api: PanelApi) => ReactNode;
  defaultPlaceholder: string;
};

const asText = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/** What gets the focus when the panel is entered: the chosen (or today's) cell. */
const FOCUS_TARGET = '[data-focus-target="true"], [role="grid"] button[tabindex="0"]';

/** What the box holds while typed, kept in step with the value, and its commit: read in any accepted spelling, else put back. */
function usePickerDraft(value: string, read: (text: string) => string | null, allowed: (value: string) => boolean, onChange: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  /** The typed text when the field is left or Enter is pressed. */
  function commit() {
    const t = draft.trim();
    if (!t) {
      if (value) onChange("");
      return setDraft("");
    }
    const read1 = read(t);
    if (read1 && allowed(read1)) {
      setDraft(read1);
      if (read1 !== value) onChange(read1);
    } else setDraft(value);
  }
  return { draft, setDraft, commit };
}

/** The box's keys: ArrowDown moves into the panel, Enter and Tab (on to the next field, not into the panel) commit, Escape puts the value back and closes. */
function keyInBox(e: KeyboardEvent, k: { open: boolean; show: (into: "panel") => void; commit: () => void; close: () => void; putBack: () => void }) {
  const { open, show, commit, close, putBack } = k;
  if (e.key === "ArrowDown") {
    e.preventDefault();
    show("panel");
  } else if (e.key === "Enter") {
    e.preventDefault();
    commit();
    close();
  } else if (e.key === "Tab") {
    // Tab goes on to the next field, not into the panel.
    commit();
    close();
  } else if (e.key === "Escape" && open) {
    e.preventDefault();
    e.stopPropagation();
    putBack();
    close();
  }
}

export function PickerField(props: Props) {
  const { onChange, onBlur, name, error, disabled, readOnly, placeholder, className = "", clearable, read, typing, allowed, panelLabel, panel, defaultPlaceholder } = props;
  const value = asText(props.value);
  const id = useFieldId();
  const { draft, setDraft, commit } = usePickerDraft(value, read, allowed, onChange);
  const [open, setOpen] = useState<false | "field" | "panel">(false);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open === "panel") box.current?.querySelector<HTMLElement>(FOCUS_TARGET)?.focus();
  }, [open]);

  const locked = disabled || readOnly;
  const show = (into: "field" | "panel") => !locked && setOpen(into);
  function hide(refocus: boolean) {
    setOpen(false);
    if (refocus) input.current?.focus();
  }
  function pick(next: string) {
    setDraft(next);
    if (next !== value) onChange(next);
    hide(true);
  }
  // The panel gets one pick function for its life, so a memoised panel skips the keystrokes.
  const pickRef = useRef(pick);
  pickRef.current = pick;
  const stablePick = useCallback((next: string) => pickRef.current(next), []);
  return (
    <div
      ref={box}
      className={`relative inline-block ${widthOf(className)}`}
      onBlur={(e) => {
        if (box.current?.contains(e.relatedTarget as Node | null)) return;
        commit();
        setOpen(false);
        onBlur?.();
      }}
    >
      <input
        ref={input}
        id={id}
        name={name}
        aria-label={props["aria-label"]}
        value={draft}
        placeholder={placeholder ?? defaultPlaceholder}
        autoComplete="off"
        disabled={disabled}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        className={`${controlClass} w-full pr-12`}
        onClick={() => !open && show("field")}
        onChange={(e) => {
          const t = e.target.value;
          setDraft(t);
          const next = typing.test(t.trim()) ? read(t) : null;
          if (next && allowed(next) && next !== value) onChange(next);
          // An emptied box empties the value at once, as a native input does.
          if (!t.trim() && value) onChange("");
          if (!open) show("field");
        }}
        onKeyDown={(e) => keyInBox(e, { open: !!open, show, commit, close: () => setOpen(false), putBack: () => setDraft(value) })}
      />
      <PickerButtons
        clearable={!!(clearable && value && !locked)}
        locked={locked}
        open={!!open}
        onClear={() => pick("")}
        onToggle={() => (open === "panel" ? hide(true) : show("panel"))}
      />
      <PickerPopover anchor={box} open={!!open} onClose={(how) => hide(how === "escape")} label={panelLabel}>
        {panel({ pick: stablePick, draft })}
      </PickerPopover>
    </div>
  );
}

/** The box's buttons: × to empty it (when `clearable`: a value, and the field not locked) and the calendar that opens (or closes) the panel. */
function PickerButtons({ clearable, locked, open, onClear, onToggle }: { clearable: boolean; locked?: boolean; open: boolean; onClear: () => void; onToggle: () => void }) {
  return (
    <span className="absolute inset-y-0 right-1 flex items-center gap-0.5">
      {clearable && (
        <button type="button" tabIndex={-1} aria-label="清除" onClick={onClear} className="grid h-6 w-5 place-items-center text-slate-400 hover:text-slate-700">
          ×
        </button>
      )}
      <CalendarToggle open={open} disabled={locked} onClick={onToggle} />
    </span>
  );
}

/** The calendar button at a date field's end: opens its panel (or closes it); not a tab stop, the field's boxes are. */
export function CalendarToggle({ open, disabled, onClick }: { open: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label="打开日历"
      // The popup is told on the button: a text field may not carry aria-expanded (axe aria-allowed-attr).
      aria-haspopup="dialog"
      aria-expanded={open}
      disabled={disabled}
      onClick={onClick}
      className="grid h-6 w-6 shrink-0 place-items-center rounded text-slate-400 hover:text-blue-600 disabled:hover:text-slate-400"
    >
      <CalendarIcon />
    </button>
  );
}

const CalendarIcon = () => (
  <svg viewBox="0 0 16 16" aria-hidden="true" className="h-4 w-4 fill-none stroke-current" strokeWidth="1.3">
    <rect x="2" y="3" width="12" height="11" rx="1.5" />
    <path d="M2 6.5h12M5 1.5v3M11 1.5v3" />
  </svg>
);
