import ExcelJS from "exceljs";
import { PassThrough } from "node:stream";
import { COLUMNS, type SheetRow } from "./columns.ts";
import { TEMPLATE_KEY, XLSX_TYPE } from "./downloads.ts";
import { bucket } from "../../kernel/aws.ts";

/** The spreadsheets the import hands out: the template, and the report of the rows that failed. */

/** The worker's errand for the template download: the template, written to the bucket once. */
export async function storeTemplate(): Promise<{ key: string }> {
  await bucket().putObject(TEMPLATE_KEY, await templateWorkbook(), { contentType: XLSX_TYPE });
  return { key: TEMPLATE_KEY };
}

export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("客户导入");
  ws.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  ws.getRow(1).font = { bold: true };
  // Mobiles and ID cards are text: a number cell would lose leading digits and show 1.38E+10.
  for (const key of ["mobile", "idCard"]) ws.getColumn(key).numFmt = "@";
  ws.addRow({ clientName: "张三", mobile: "13800138000", sex: "男", age: 35, idCard: "", address: "广东省广州市天河区", clientSource: "", remark: "示例行，导入前请删除" });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type FailedRow = { rowNumber: number; values: SheetRow; reason: string };

/** The failure report, written streaming (a file of many bad rows never sits in memory twice). */
export async function failureWorkbook(rows: FailedRow[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on("end", resolve);
    out.on("error", reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet("导入失败记录");
  ws.columns = [
    { header: "行号", key: "rowNumber", width: 8 },
    ...COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width })),
    { header: "失败原因", key: "reason", width: 30 },
  ];
  for (const r of rows) ws.addRow({ rowNumber: r.rowNumber, ...r.values, reason: r.reason }).commit();
  ws.commit();
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}
