import * as v from "valibot";
import { ClientInput, type SEXES } from "../schemas.ts";
import { PROSPECT_STATUS } from "../rules.ts";

/**
 * The customer import sheet (docs/gaps.md §9): its columns, and the checks of one row, without I/O.
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
  duplicateInFile: "文件中手机号码重复",
  sex: "性别只能填写男、女或未知",
  source: (text: string) => `客户来源“${text}”不是已有的渠道，请填写渠道编码或名称`,
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
  // A cell of ExcelJS: rich text, a hyperlink's text, or a formula's result.
  const o = v as { richText?: unknown; text?: unknown; result?: unknown };
  if (Array.isArray(o.richText))
    return o.richText
      .map((r: { text?: unknown }) => r.text ?? "")
      .join("")
      .trim();
  if (o.text !== undefined) return cellText(o.text);
  if (o.result !== undefined) return cellText(o.result);
  return String(v).trim();
}

/** What a 性别 cell may say, and the client form's value for it ("" = not known). */
const SEX_WORDS: ReadonlyMap<string, (typeof SEXES)[number] | ""> = new Map([
  ...["男", "男性", "男士", "先生", "m", "male"].map((w) => [w, "男"] as const),
  ...["女", "女性", "女士", "小姐", "f", "female"].map((w) => [w, "女"] as const),
  ...["", "未知", "不详", "保密", "-"].map((w) => [w, ""] as const),
]);

/** The client form's sex for a 性别 cell; null when the cell says something else. */
export function sexOf(cell: string): (typeof SEXES)[number] | "" | null {
  return SEX_WORDS.get(cell.trim().toLowerCase()) ?? null;
}

/** A channel of the tenant (clientSource list): its code, which clients store, and its name. */
export type Channel = { code: string; name: string };

/**
 * The channel code a 客户来源 cell names: a channel's code, or else its name (both compared
 * trimmed and case-insensitively); undefined when no channel has it.
 */
export function channelFinder(channels: readonly Channel[]): (cell: string) => string | undefined {
  const key = (s: string) => s.trim().toLowerCase();
  const byName = new Map(channels.map((c) => [key(c.name), c.code]));
  const byCode = new Map(channels.map((c) => [key(c.code), c.code]));
  return (cell) => byCode.get(key(cell)) ?? byName.get(key(cell));
}

export type Checked = { ok: true; client: ClientInput } | { ok: false; reason: string };

/**
 * A row as the client form would save it (status 1 客户 in the import's store): the very schema of
 * the form checks it, so an imported client edits like one typed by hand. 性别 and 客户来源 are
 * mapped first (a word the form has no value for refuses the row); duplicates in the store are the
 * database's to find (a conditional write).
 */
export function checkRow(raw: SheetRow, shop: string, channelOf: (cell: string) => string | undefined): Checked {
  const sex = sexOf(raw.sex);
  const source = raw.clientSource.trim() === "" ? "" : channelOf(raw.clientSource);
  const parsed = v.safeParse(ClientInput, {
    id: 0,
    clientName: raw.clientName,
    mobile: raw.mobile,
    status: PROSPECT_STATUS,
    shop,
    sex: sex ?? "",
    age: raw.age,
    idCard: raw.idCard,
    address: raw.address,
    clientSource: source ?? "",
    remark: raw.remark,
  });
  if (!parsed.success) return { ok: false, reason: parsed.issues[0].message };
  if (sex === null) return { ok: false, reason: MSG.sex };
  if (source === undefined) return { ok: false, reason: MSG.source(raw.clientSource.trim()) };
  return { ok: true, client: parsed.output };
}
