import { describe, it, expect, beforeAll } from "vitest";
import ExcelJS from "exceljs";
import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { putObject } from "@xiangyu/core/files/storage";
import { testTenant } from "./harness.ts";
import { asAdmin, code } from "./clientsHelpers.ts";

/**
 * A large customer import (issue 5: 50,000 rows without running out of memory, within Lambda's
 * 15 minutes). Opt-in, it takes minutes: XY_IMPORT_ROWS=50000 npx vitest run --project server
 * packages/functions/test/clientsImportBig.test.ts
 */
const ROWS = Number(process.env.XY_IMPORT_ROWS ?? 0);
const LIMIT_MS = 15 * 60 * 1000;

let t: Awaited<ReturnType<typeof testTenant>>;

async function bigSheet(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = wb.addWorksheet("客户");
  ws.addRow(["姓名", "手机号", "性别", "年龄", "身份证号", "地址", "客户来源", "备注"]).commit();
  for (let i = 0; i < rows; i++) {
    // Every 100th row is bad (no mobile) and every 250th repeats a mobile: the report is large too.
    const mobile = i % 100 === 99 ? "" : String(16000000000 + (i % 250 === 249 ? i - 1 : i));
    ws.addRow([`客户${i}`, mobile, i % 2 ? "男" : "女", 20 + (i % 50), "", `某省某市某路${i}号`, "walkin", ""]).commit();
  }
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

describe.skipIf(!ROWS)(`importing ${ROWS} rows`, () => {
  beforeAll(async () => {
    t = await testTenant();
  });

  it("streams within the time limit and keeps memory flat", async () => {
    const bytes = await bigSheet(ROWS);
    const key = `${t.clientId}/${createHash("sha256").update(bytes).digest("hex")}.xlsx`;
    await putObject(key, bytes, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", createHash("md5").update(bytes).digest("base64"));
    global.gc?.();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 200);
    const started = Date.now();
    const jobId = "big-import-0001";
    const polls: number[] = [];
    const poller = setInterval(async () => {
      const p = await asAdmin(t).get("/xiangyu/api/client/importprogress", { jobId });
      if (p.body.code === "200") polls.push(p.body.data.rowsDone);
    }, 5000);
    const r = await asAdmin(t).post("/xiangyu/api/client/clientimport", { shop: code(t, "广州天河店"), excelPath: key, jobId });
    clearInterval(sampler);
    clearInterval(poller);
    const ms = Date.now() - started;
    console.log(`${ROWS} rows (${(bytes.length / 1e6).toFixed(1)} MB): ${Math.round(ms / 1000)} s, ${Math.round(ROWS / (ms / 1000))} rows/s, heap +${Math.round((peak - baseline) / 1e6)} MB, progress seen ${polls.join(",")}`);
    expect(r.body.code).toBe("200");
    const bad = Math.floor(ROWS / 100);
    expect(r.body.data.total).toBe(ROWS);
    expect(r.body.data.failCount).toBeGreaterThanOrEqual(bad);
    expect(r.body.data.successCount + r.body.data.failCount).toBe(ROWS);
    expect(ms).toBeLessThan(LIMIT_MS);
    expect(peak - baseline).toBeLessThan(400e6);
  }, LIMIT_MS + 120_000);
});
