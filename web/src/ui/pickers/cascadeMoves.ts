import type { KeyboardEvent } from "react";
import type { CascadeItem } from "./Cascader.tsx";

/** One row of a column: an item, or the 全部 row (key ""). */
export type Row = { key: string; name: string; hasChildren: boolean; all?: true };
/** The highlighted cell: its column (level) and row. */
export type Cell = { col: number; row: number };

/** The names of the chosen path, as far as the data has them. */
export function pathNames(value: string[], childrenOf: (key: string | null) => CascadeItem[]): string[] {
  const names: string[] = [];
  for (let i = 0, parent: string | null = null; i < value.length; parent = value[i], i++) {
    const hit = childrenOf(parent).find((c) => c.key === value[i]);
    if (!hit) break;
    names.push(hit.name);
  }
  return names;
}

/** The panel's columns: the first, then the children of each opened key that has any. */
export function columnsOf(first: Row[], opened: string[], childrenOf: (key: string | null) => CascadeItem[]): Row[][] {
  const columns: Row[][] = [first];
  for (const k of opened) {
    const kids = childrenOf(k);
    if (!kids.length) break;
    columns.push(kids);
  }
  return columns;
}

/** The cell the panel opens on: the chosen key in the last chosen level (the 全部 row, or the first, when nothing is). */
export function chosenCell(value: string[], first: Row[], childrenOf: (key: string | null) => CascadeItem[]): Cell {
  const col = Math.max(0, value.length - 1);
  const rows = col === 0 ? first : childrenOf(value[col - 1]);
  return {
    col,
    row: Math.max(
      0,
      rows.findIndex((r) => r.key === (value[col] ?? "")),
    ),
  };
}

/** What a key press in the open panel reads and moves. */
type Moves = {
  cursor: Cell;
  setCursor: (c: Cell) => void;
  columns: Row[][];
  opened: string[];
  setOpened: (path: string[]) => void;
  childrenOf: (key: string | null) => CascadeItem[];
  pathTo: (col: number, r: Row) => string[];
  choosable: (r: Row) => boolean;
  choose: (col: number, r: Row) => void;
  hide: () => void;
};

/** The panel's keyboard: Up/Down/Home/End move in a column, Right opens the children, Left goes back a level, Enter or Space chooses. */
export function moveByKey(e: KeyboardEvent, m: Moves) {
  const { cursor, setCursor, columns, opened, setOpened, childrenOf, pathTo, choosable, choose, hide } = m;
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
