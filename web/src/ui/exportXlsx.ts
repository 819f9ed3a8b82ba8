import { cellText, type Column } from "./columns.ts";

/**
 * Every list exports what it shows: the visible columns of the rows on screen, as an .xlsx file.
 * write-excel-file is loaded on the first export so it stays out of the console's first download.
 */
export type SheetCell = string | number | null;

export function toSheet<T>(columns: Column<T>[], rows: T[]): SheetCell[][] {
  const cols = columns.filter((c) => c.exported !== false);
  return [cols.map((c) => c.header), ...rows.map((r) => cols.map((c) => cellText(c, r) ?? null))];
}

export async function exportXlsx<T>(fileName: string, columns: Column<T>[], rows: T[]): Promise<void> {
  const { default: writeExcelFile } = await import("write-excel-file/browser");
  const [header, ...body] = toSheet(columns, rows);
  const sheet = [header.map((h) => ({ value: h ?? "", fontWeight: "bold" as const })), ...body];
  await writeExcelFile(sheet, { columns: header.map((h) => ({ width: Math.max(10, String(h ?? "").length * 2 + 4) })) }).toFile(`${fileName}.xlsx`);
}
