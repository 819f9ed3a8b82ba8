import type { ReactNode } from "react";

/**
 * A list column as screens describe it: what the cell shows, what the export writes, whether the
 * server can sort by it (the sort key is the column id) and whether the user may hide it.
 */
export type Column<T> = {
  id: string;
  header: string;
  /** The cell; defaults to `text`, then to the row's field named by `id`. */
  cell?: (row: T) => ReactNode;
  /** Plain value for the export and the default cell. */
  text?: (row: T) => string | number | null | undefined;
  /** The list's route keeps an index in this order, so the server can sort by it (docs/api.md, "Sortable columns"). */
  sortable?: boolean;
  /**
   * The `sort` value the route takes for this column, when it is not the column id: a creation-time
   * column sorts by `id`, which is issued in creation order.
   */
  sortKey?: string;
  /** false keeps the column out of the column picker (e.g. actions). */
  hideable?: boolean;
  /** false leaves the column out of the export (e.g. actions, switches without text). */
  exported?: boolean;
  width?: number | string;
  /** Keeps the cell on one line (times, codes, amounts). */
  nowrap?: boolean;
  align?: "left" | "center" | "right";
  /**
   * Keeps the column in view while the table scrolls sideways. By default the first column is held
   * at the left and a last column named 操作 (or with the id `actions`) at the right; false holds neither.
   */
  pin?: "left" | "right" | false;
  /** An amount in yuan: the export writes a number cell shown with two decimals (text may still give a word, e.g. 周次抵扣). */
  money?: boolean;
};

export function cellText<T>(col: Column<T>, row: T): string | number | null | undefined {
  if (col.text) return col.text(row);
  const v = (row as Record<string, unknown>)[col.id];
  return v === undefined || v === null ? v : typeof v === "number" ? v : String(v);
}
