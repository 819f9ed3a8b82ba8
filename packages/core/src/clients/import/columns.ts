import { MOBILE_PATTERN, normaliseMobile } from "../rules.ts";
import { MOBILE_FORMAT } from "../schemas.ts";

/**
 * The customer import sheet (gaps.md §9): its columns, and the checks of one row, without I/O.
 * Columns are found by their header text, so a reordered sheet still imports.
 */
export const COLUMNS = [
  { key: "clientName", header: "姓名", width: 14 },
  { key: "mobile", header: "手机号", width: 16 },
  { key: "sex", header: "性别", width: 8 },
  { key: "age", header: "年龄", width: 8 },
  { key: "idCard", header: "身份证号", width: 22 },
  { key: "address", header: "地址", width: 30 },
  { key: "clientSource", header: "客户来源", width: 12 },
  { key: "remark", header: "备注", width: 30 },
] as const;
export type ColumnKey = (typeof COLUMNS)[number]["key"];
export type SheetRow = Record<ColumnKey, string>;

export const MSG = {
  name: "客户姓名不能为空",
  nameLong: "客户姓名不能超过50个字",
  mobile: "手机号码不能为空",
  mobileFormat: MOBILE_FORMAT,
  duplicateInFile: "文件中手机号码重复",
  age: "年龄必须是数字",
  idCard: "身份证号不能超过18位",
  remark: "备注不能超过500个字",
  address: "地址不能超过200个字",
  noHeader: "表格第一行必须是标题行（姓名、手机号……），请使用导入模板",
  unreadable: "文件内容无法读取，请使用导入模板保存的xlsx文件",
} as const;

/**
 * Column of each key in the header row's cells (exceljs rows are 1-based: cell 0 is always empty,
 * so 0 means "no such column"); null when 姓名 or 手机号 is missing.
 */
export function readHeader(cells: string[]): Record<ColumnKey, number> | null {
  const at = (h: string) =>
    Math.max(
      0,
      cells.findIndex((c, i) => i > 0 && c.trim() === h),
    );
  const map = Object.fromEntries(COLUMNS.map((c) => [c.key, at(c.header)])) as Record<ColumnKey, number>;
  return map.clientName && map.mobile ? map : null;
}

/** Cell text as a person typed it (numbers without ".0", rich text flattened, formulas' results). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return v.trim();
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const o = v as any;
  if (Array.isArray(o.richText))
    return o.richText
      .map((r: any) => r.text ?? "")
      .join("")
      .trim();
  if (o.text !== undefined) return cellText(o.text);
  if (o.result !== undefined) return cellText(o.result);
  return String(v).trim();
}

export type Checked = { ok: true; row: SheetRow & { age: string } } | { ok: false; reason: string };

/** The checks of one row (duplicates in the shop are the database's: a conditional write). */
export function checkRow(raw: SheetRow): Checked {
  const row = { ...raw, mobile: normaliseMobile(raw.mobile) };
  if (!row.clientName) return { ok: false, reason: MSG.name };
  if (Array.from(row.clientName).length > 50) return { ok: false, reason: MSG.nameLong };
  if (!row.mobile) return { ok: false, reason: MSG.mobile };
  if (!MOBILE_PATTERN.test(row.mobile)) return { ok: false, reason: MSG.mobileFormat };
  if (row.age && !/^\d{1,3}$/.test(row.age)) return { ok: false, reason: MSG.age };
  if (row.idCard.length > 18) return { ok: false, reason: MSG.idCard };
  if (row.address.length > 200) return { ok: false, reason: MSG.address };
  if (row.remark.length > 500) return { ok: false, reason: MSG.remark };
  return { ok: true, row };
}
