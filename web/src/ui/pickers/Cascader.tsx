import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { PickerPopover } from "./PickerPopover.tsx";
import { CascadeColumns } from "./CascadeColumns.tsx";
import { CascadeField } from "./CascadeField.tsx";
import { chosenCell, columnsOf, moveByKey, pathNames, type Row } from "./cascadeMoves.ts";

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
  const columns = columnsOf(first, opened, childrenOf);
  const choosable = (r: Row) => (r.all ? allChoosable : (mayChoose?.(r.key) ?? true));

  // The highlighted cell keeps the DOM focus while the panel is open.
  useEffect(() => {
    if (open) box.current?.querySelector<HTMLElement>(`[data-cell="${cursor.col}-${cursor.row}"]`)?.focus();
  }, [open, cursor]);

  const names = pathNames(value, childrenOf);

  function show() {
    if (disabled) return;
    setOpened(value);
    setCursor(chosenCell(value, first, childrenOf));
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

  const key = (e: KeyboardEvent) => moveByKey(e, { cursor, setCursor, columns, opened, setOpened, childrenOf, pathTo, choosable, choose, hide });

  const shown = names.length ? names.join(" / ") : value.length === 0 && allLabel !== undefined ? allLabel : "";
  return (
    <div ref={box} className={`relative inline-block max-w-full ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <CascadeField
        id={id}
        fieldRef={field}
        open={open}
        loading={loading}
        disabled={disabled}
        shown={shown}
        placeholder={placeholder}
        clearable={clearable && value.length > 0}
        label={label}
        onToggle={() => (open ? hide() : show())}
        onOpen={show}
        onClear={() => onChange([])}
      />
      <PickerPopover anchor={box} open={open} onClose={(how) => (how === "escape" ? hide() : setOpen(false))} label={`${label}选择`}>
        <CascadeColumns label={label} columns={columns} value={value} opened={opened} cursor={cursor} choosable={choosable} onKey={key} onClick={click} />
      </PickerPopover>
    </div>
  );
}
