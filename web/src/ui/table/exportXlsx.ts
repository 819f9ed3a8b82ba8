import { cellText, type Column } from "./columns.ts";
import { confirm } from "../dialogs/Confirm.tsx";

/**
 * Every list exports what it shows: the visible columns of the rows on screen, as an .xlsx file.
 * write-excel-file is loaded on the first export so it stays out of the console's first download.
 *
 * Numbers stay numbers (a sum in the sheet adds up) and amounts are number cells shown with two
 * decimals; the sheet is named after the screen; and an export asks first (R019: the shared rules
 * put a confirmation before every export; the spec gives no text, these are ours).
 */
export type SheetCell = string | number | null;
type OutCell = SheetCell | { value: number; type: NumberConstructor; format: string } | { value: string; fontWeight: "bold" };

export const MONEY_FORMAT = "#,##0.00";
export const EXPORT_TITLE = "导出确认";
const exportQuestion = (rows: number) => `确定导出${rows}条记录吗？`;

export function toSheet<T>(columns: Column<T>[], rows: T[]): SheetCell[][] {
  const cols = columns.filter((c) => c.exported !== false);
  return [cols.map((c) => c.header), ...rows.map((r) => cols.map((c) => cellText(c, r) ?? null))];
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ (else the file does not open). */
export const sheetName = (name: string) =>
  name
    .replace(/[[\]:*?/\\]/g, " ")
    .trim()
    .slice(0, 31) || "Sheet1";

/** The cells as written: money columns' numbers formatted with two decimals. */
function sheetCells<T>(columns: Column<T>[], rows: T[]): OutCell[][] {
  const cols = columns.filter((c) => c.exported !== false);
  const [header, ...body] = toSheet(columns, rows);
  return [
    header.map((h) => ({ value: String(h ?? ""), fontWeight: "bold" as const })),
    ...body.map((row) => row.map((v, i) => (cols[i]!.money && typeof v === "number" ? { value: v, type: Number, format: MONEY_FORMAT } : v))),
  ];
}

/** Asks first (unless the caller asked already, e.g. before reading every page); false when the user says no. */
export async function exportXlsx<T>(fileName: string, columns: Column<T>[], rows: T[], opts: { ask?: boolean } = {}): Promise<boolean> {
  if (opts.ask !== false && !(await confirm({ title: EXPORT_TITLE, message: exportQuestion(rows.length) }))) return false;
  const { default: writeExcelFile } = await import("write-excel-file/browser");
  const sheet = sheetCells(columns, rows);
  await writeExcelFile(sheet as never, {
    sheet: sheetName(fileName),
    columns: sheet[0]!.map((h) => ({ width: Math.max(10, String((h as { value: string }).value).length * 2 + 4) })),
  }).toFile(`${fileName}.xlsx`);
  return true;
}
