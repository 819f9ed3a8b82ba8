import ExcelJS from "exceljs";
import { distributionLabel, prizeValueText } from "./rules.ts";
import type { RecordView } from "./views.ts";
import { recordsForExport } from "./records.ts";

/**
 * The winners' workbook for the distribution team (beyond the spec): one row per draw with what the
 * winner list shows plus the mobile, the distribution time and who registered it. exceljs is the
 * writer the customer import already uses; it lives in that Lambda (docs/lottery.md), not in the
 * lottery Lambda, which stays under the bundle budget.
 */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function winnersWorkbook(title: string, rows: readonly RecordView[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("中奖名单");
  ws.columns = [
    { header: "中奖用户", key: "realname", width: 14 },
    { header: "手机号", key: "mobile", width: 14 },
    { header: "奖品名称", key: "prizeName", width: 14 },
    { header: "奖品价值", key: "prizeValue", width: 10 },
    { header: "中奖时间", key: "participationTime", width: 20 },
    { header: "派奖状态", key: "distribution", width: 10 },
    { header: "派奖时间", key: "distributeTime", width: 20 },
    { header: "派奖人", key: "distributeUser", width: 12 },
    { header: "备注", key: "remark", width: 30 },
  ];
  ws.getRow(1).font = { bold: true };
  // Mobiles are text: a number cell would show 1.38E+10.
  ws.getColumn("mobile").numFmt = "@";
  for (const r of rows) ws.addRow({ ...r, prizeValue: prizeValueText(r.prizePrice), distribution: distributionLabel(r) });
  wb.title = title;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The export's reply: the workbook in the envelope (base64), so the console's typed client, its
 * session and error handling serve it like any other call; at most EXPORT_MAX_ROWS rows (≈ 2 MB).
 */
export type WinnersFile = { name: string; type: string; base64: string; rows: number; capped: boolean };

export async function winnersFile(tenantId: string, lotteryId: number): Promise<WinnersFile> {
  const { title, rows, capped } = await recordsForExport(tenantId, lotteryId);
  const bytes = await winnersWorkbook(title, rows);
  return { name: `${title}-中奖名单.xlsx`, type: XLSX_TYPE, base64: bytes.toString("base64"), rows: rows.length, capped };
}
