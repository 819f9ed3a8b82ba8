import type { RefObject } from "react";
import { controlClass } from "../form/inputs.tsx";

/** The text controls' look; a <button> matches :read-only, which would grey it. */
const fieldClass = controlClass.replace("read-only:bg-slate-50", "");

/** The closed cascader: a field showing the chosen path (or the placeholder) with its caret, and × to empty it when `clearable` (a value to clear). */
export function CascadeField({
  id,
  fieldRef,
  open,
  loading,
  disabled,
  shown,
  placeholder,
  clearable,
  label,
  onToggle,
  onOpen,
  onClear,
}: {
  id: string;
  fieldRef: RefObject<HTMLButtonElement | null>;
  open: boolean;
  loading?: boolean;
  disabled?: boolean;
  shown: string;
  placeholder: string;
  clearable?: boolean;
  label: string;
  onToggle: () => void;
  onOpen: () => void;
  onClear: () => void;
}) {
  return (
    <>
      <button
        ref={fieldRef}
        id={id}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={loading || undefined}
        disabled={disabled}
        onClick={onToggle}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open) {
            e.preventDefault();
            onOpen();
          }
        }}
        className={`${fieldClass} flex w-full items-center justify-between gap-2 text-left`}
      >
        <span className={`truncate ${shown ? "" : "text-slate-400"}`}>{shown || (loading ? "正在读取…" : placeholder)}</span>
        {/* The × takes the caret's place (antd's clear icon), so the caret keeps its room but is not drawn under it. */}
        <svg viewBox="0 0 16 16" aria-hidden="true" className={`h-3.5 w-3.5 shrink-0 fill-current text-slate-400 ${clearable && !disabled ? "invisible" : ""}`}>
          <path d="M4 6l4 4 4-4z" />
        </svg>
      </button>
      {clearable && !disabled && (
        <button
          type="button"
          aria-label={`清除${label}`}
          onClick={onClear}
          className="absolute inset-y-0 right-0.5 grid w-7 place-items-center text-slate-400 hover:text-slate-700"
        >
          ×
        </button>
      )}
    </>
  );
}
