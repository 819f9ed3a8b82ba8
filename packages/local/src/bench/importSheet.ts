import ExcelJS from "exceljs";
import { PassThrough } from "node:stream";
import { storeOwnFile } from "@xiangyu/core/files/service";

/**
 * A customer-import sheet of `rows` rows in the template's columns, stored as the console's
 * upload would have stored it (`${tenant}/${sha256}.xlsx`). Every 100th row has no mobile and every
 * 250th repeats the row before's mobile, so the failure report is large too. Mobiles start at
 * 16000000000, apart from the seeded clients' (15000000000…).
 */
export type ImportSheet = { key: string; bytes: number; rows: number; badRows: number; repeatedRows: number };

const badRow = (i: number) => i % 100 === 99;
const repeatRow = (i: number) => i % 250 === 249;

export async function uploadImportSheet(tenantId: string, rows: number): Promise<ImportSheet> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = wb.addWorksheet("客户");
  ws.addRow(["姓名", "手机号", "性别", "年龄", "身份证号", "地址", "客户来源", "备注"]).commit();
  for (let i = 0; i < rows; i++) {
    const mobile = badRow(i) ? "" : String(16_000_000_000 + (repeatRow(i) ? i - 1 : i));
    ws.addRow([`客户${i}`, mobile, i % 2 ? "男" : "女", 20 + (i % 50), "", `某省某市某路${i}号`, "walkin", ""]).commit();
  }
  ws.commit();
  await wb.commit();
  const body = Buffer.concat(chunks);
  // Recorded as a confirmed upload: the import reads only verified files.
  const key = await storeOwnFile(tenantId, { bytes: body, name: "客户.xlsx", kind: "excel" });
  let badRows = 0;
  let repeatedRows = 0;
  for (let i = 0; i < rows; i++) {
    if (badRow(i)) badRows++;
    else if (repeatRow(i) && !badRow(i - 1)) repeatedRows++;
  }
  return { key, bytes: body.length, rows, badRows, repeatedRows };
}
