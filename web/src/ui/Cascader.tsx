import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { controlClass } from "./form/inputs.tsx";
import { PickerPopover } from "./PickerPopover.tsx";

/**
 * One control for a path in a tree, as antd's Cascader: a field showing the chosen path
 * (华南分公司 / 广州天河店, 广东省 / 广州市 / 天河区) that opens one column per level. The data is the
 * caller's (OrgCascader: the organisation tree; AreaSelect: the regions), given as the children of
 * a key (`null` for the first column); the value is the path of keys from the top.
 *
 * Any level may be chosen (a department-level record, a province without a city): a click opens a
 * node's children and chooses it when it may be chosen; a node without children closes the panel.
 * Keyboard: ArrowDown/Enter/Space on the field opens it; Up/Down move in a column, Right opens the
 * children, Left goes back a level, Enter chooses, Escape closes; the focus goes back to the field.
 */
export type CascadeItem = { key: string; name: string; hasChildren: boolean };

type Props = {
  /** The chosen keys from the top down (empty: nothing, or the 全部 row when there is one). */
  value: string[];
  onChange: (path: string[]) => void;
  /** The items under a key; `null` asks for the first column. */
  childrenOf: (key: string | null) => CascadeItem[];
  /** Whether an item may be chosen (it may always be opened); all may by default. */
  choosable?: (key: string) => boolean;
  /** A first-column row meaning "none" (value []), e.g. 全部; choosable when `allChoosable`. */
  allLabel?: string;
  allChoosable?: boolean;
  /** Shows × on the field to empty an optional value. */
  clearable?: boolean;
  /** The field's accessible name (a visually hidden label) and the columns' names (…第N级). */
  label: string;
  placeholder?: string;
  loading?: boolean;
  disabled?: boolean;
  className?: string;
};

/** The text controls' look; a <button> matches :read-only, which would grey it. */
const fieldClass = controlClass.replace("read-only:bg-slate-50", "");

/** One row of a column: an item, or the 全部 row (key ""). */
type Row = { key: string; name: string; hasChildren: boolean; all?: true };

export function Cascader({
  value,
  onChange,
  childrenOf,
  choosable: mayChoose,
  allLabel,
  allChoosable = true,
  clearable,
  label,
  placeholder = "请选择",
  loading,
  disabled,
  className = "w-64",
}: Props) {
  // Named by its own visually hidden <label>, never by aria-label: an aria-label hiding the shown
  // path fails WCAG 2.5.3 (label in name, axe's label-content-name-mismatch). Not the Field's label
  // either, whose required star would become part of the name.
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  /** The opened path (each key's children are a column) and the highlighted cell. */
  const [opened, setOpened] = useState<string[]>(value);
  const [cursor, setCursor] = useState({ col: 0, row: 0 });

  const first: Row[] = [...(allLabel !== undefined ? [{ key: "", name: allLabel, hasChildren: false, all: true as const }] : []), ...childrenOf(null)];
  const columns: Row[][] = [first];
  for (const k of opened) {
    const kids = childrenOf(k);
    if (!kids.length) break;
    columns.push(kids);
  }
  const choosable = (r: Row) => (r.all ? allChoosable : (mayChoose?.(r.key) ?? true));

  // The highlighted cell keeps the DOM focus while the panel is open.
  useEffect(() => {
    if (open) box.current?.querySelector<HTMLElement>(`[data-cell="${cursor.col}-${cursor.row}"]`)?.focus();
  }, [open, cursor]);

  /** The names of the chosen path, as far as the data has them. */
  const names: string[] = [];
  for (let i = 0, parent: string | null = null; i < value.length; parent = value[i], i++) {
    const hit = childrenOf(parent).find((c) => c.key === value[i]);
    if (!hit) break;
    names.push(hit.name);
  }

  function show() {
    if (disabled) return;
    setOpened(value);
    const col = Math.max(0, value.length - 1);
    const rows = col === 0 ? first : childrenOf(value[col - 1]);
    setCursor({
      col,
      row: Math.max(
        0,
        rows.findIndex((r) => r.key === (value[col] ?? "")),
      ),
    });
    setOpen(true);
  }
  function hide() {
    setOpen(false);
    field.current?.focus();
  }
  const pathTo = (col: number, r: Row) => (r.all ? [] : [...opened.slice(0, col), r.key]);
  function choose(col: number, r: Row) {
    if (choosable(r)) onChange(pathTo(col, r));
  }
  function click(col: number, row: number) {
    const r = columns[col][row];
    setCursor({ col, row });
    setOpened(pathTo(col, r));
    choose(col, r);
    // A leaf that may be chosen ends the pick; one that may not leaves the panel open.
    if (!r.hasChildren && choosable(r)) hide();
  }

  function key(e: KeyboardEvent) {
    const { col, row } = cursor;
    const r = columns[col]?.[row];
    if (!r) return;
    const go = (next: { col: number; row: number }) => {
      e.preventDefault();
      setCursor(next);
    };
    if (e.key === "ArrowDown") go({ col, row: Math.min(row + 1, columns[col].length - 1) });
    else if (e.key === "ArrowUp") go({ col, row: Math.max(row - 1, 0) });
    else if (e.key === "Home") go({ col, row: 0 });
    else if (e.key === "End") go({ col, row: columns[col].length - 1 });
    else if (e.key === "ArrowRight" && r.hasChildren && childrenOf(r.key).length) {
      setOpened(pathTo(col, r));
      go({ col: col + 1, row: 0 });
    } else if (e.key === "ArrowLeft" && col > 0) {
      const parent = opened[col - 1];
      setOpened(opened.slice(0, col - 1));
      go({
        col: col - 1,
        row: Math.max(
          0,
          columns[col - 1].findIndex((x) => x.key === parent),
        ),
      });
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (!choosable(r)) return;
      choose(col, r);
      hide();
    }
  }

  const shown = names.length ? names.join(" / ") : value.length === 0 && allLabel !== undefined ? allLabel : "";
  const chosen = (col: number, r: Row) => (r.all ? value.length === 0 : value.length === col + 1 && value[col] === r.key && opened.slice(0, col).every((k, i) => k === value[i]));
  return (
    <div ref={box} className={`relative inline-block max-w-full ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <button
        ref={field}
        id={id}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={loading || undefined}
        disabled={disabled}
        onClick={() => (open ? hide() : show())}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open) {
            e.preventDefault();
            show();
          }
        }}
        className={`${fieldClass} flex w-full items-center justify-between gap-2 text-left`}
      >
        <span className={`truncate ${shown ? "" : "text-slate-400"}`}>{shown || (loading ? "正在读取…" : placeholder)}</span>
        {/* The × takes the caret's place (antd's clear icon), so the caret keeps its room but is not drawn under it. */}
        <svg viewBox="0 0 16 16" aria-hidden="true" className={`h-3.5 w-3.5 shrink-0 fill-current text-slate-400 ${clearable && value.length && !disabled ? "invisible" : ""}`}>
          <path d="M4 6l4 4 4-4z" />
        </svg>
      </button>
      {clearable && value.length > 0 && !disabled && (
        <button
          type="button"
          aria-label={`清除${label}`}
          onClick={() => onChange([])}
          className="absolute inset-y-0 right-0.5 grid w-7 place-items-center text-slate-400 hover:text-slate-700"
        >
          ×
        </button>
      )}
      <PickerPopover anchor={box} open={open} onClose={(how) => (how === "escape" ? hide() : setOpen(false))} label={`${label}选择`}>
        <div className="flex max-h-72" onKeyDown={key}>
          {columns.map((rows, col) => (
            <ul key={col} role="listbox" aria-label={`${label}第${col + 1}级`} className="min-w-36 overflow-y-auto border-r border-slate-100 py-1 last:border-r-0">
              {rows.map((r, row) => {
                const on = r.all ? col === 0 && opened.length === 0 && value.length === 0 : opened[col] === r.key;
                const may = choosable(r);
                const isChosen = chosen(col, r);
                return (
                  <li
                    key={r.all ? "\u0000all" : r.key}
                    role="option"
                    data-cell={`${col}-${row}`}
                    tabIndex={cursor.col === col && cursor.row === row ? 0 : -1}
                    aria-selected={isChosen}
                    aria-disabled={may ? undefined : true}
                    onClick={() => click(col, row)}
                    className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-1.5 outline-none focus:bg-blue-50 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-300 ${
                      on ? "bg-slate-50 font-medium" : ""
                    } ${isChosen && may ? "text-blue-600" : may ? "text-slate-700" : "text-slate-400"}`}
                  >
                    <span className="truncate">{r.name}</span>
                    {r.hasChildren ? <span aria-hidden="true">›</span> : null}
                  </li>
                );
              })}
            </ul>
          ))}
        </div>
      </PickerPopover>
    </div>
  );
}
