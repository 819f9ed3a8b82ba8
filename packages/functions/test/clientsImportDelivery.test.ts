import { describe, it, expect, beforeAll } from "vitest";
import ExcelJS from "exceljs";
import { randomUUID } from "node:crypto";
import { storeOwnFile } from "@xiangyu/core/files/service";
import { startJob, getJob, IMPORT_RETRIES } from "@xiangyu/core/clients/import/jobs";
import { importWorker } from "../src/clientImport/routes.ts";
import { runImport } from "@xiangyu/core/clients/import/importer";
import { importKey, type ImportOrder } from "@xiangyu/core/clients/import/accept";
import { testTenant } from "./harness.ts";
import { asAdmin, code } from "./clientsHelpers.ts";

let t: Awaited<ReturnType<typeof testTenant>>;

beforeAll(async () => {
  t = await testTenant();
});

/** A stored, verified sheet of `n` clients named `name`0… with fresh mobiles; the worker's order for a job over it. */
async function order(n: number, name: string, mobilePrefix: string): Promise<ImportOrder> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("客户");
  ws.addRow(["姓名", "手机号", "性别", "年龄", "身份证号", "地址", "客户来源", "备注"]);
  for (let i = 0; i < n; i++) ws.addRow([`${name}${i}`, `${mobilePrefix}${String(i).padStart(4, "0")}`]);
  const excelPath = await storeOwnFile(t.clientId, { bytes: Buffer.from(await wb.xlsx.writeBuffer()), name: "客户.xlsx", kind: "excel" });
  const jobId = randomUUID();
  const shop = code(t, "广州天河店");
  await startJob(t.clientId, jobId, { userId: 1, shop, excelName: "客户.xlsx" });
  return { tenantId: t.clientId, userId: 1, jobId, shop, key: importKey(t.clientId, excelPath), excelName: "客户.xlsx" };
}

const storeTotal = async () => (await asAdmin(t).get("/xiangyu/api/client/clientlist", { shop: code(t, "广州天河店") })).body.pageParams.maxCount;
const clientsNamed = async (prefix: string) => (await asAdmin(t).get("/xiangyu/api/client/clientlist", { keyword: prefix, pageSize: 100 })).body.pageParams.maxCount;

describe("an import started twice (an asynchronous invoke delivered again)", () => {
  it("imports each row once when 20 deliveries arrive together: the runs converge on one checkpoint", async () => {
    const o = await order(12, "重投甲", "1391234");
    const before = await storeTotal();
    await Promise.all(Array.from({ length: 20 }, () => runImport({ ...o, tuning: { sliceRows: 5 } })));
    const job = await getJob(t.clientId, o.jobId);
    expect(job).toMatchObject({ state: "done", total: 12, successCount: 12, failCount: 0, failureKey: "" });
    expect(await clientsNamed("重投甲")).toBe(12);
    // The store's total (its tallies, moved with each slice's checkpoint) counts each client once.
    expect(await storeTotal()).toBe(before + 12);
  });

  it("leaves a finished job as it was when the second delivery comes later", async () => {
    const o = await order(5, "重投乙", "1397654");
    expect((await runImport(o)).successCount).toBe(5);
    const again = await runImport(o);
    expect(again).toMatchObject({ total: 5, successCount: 5, failCount: 0 });
    expect(await getJob(t.clientId, o.jobId)).toMatchObject({ state: "done", total: 5, successCount: 5, failCount: 0, failureKey: "", runs: 1 });
    expect(await clientsNamed("重投乙")).toBe(5);
  });

  it("knows how often Lambda retries a failed run (after the last, the job says it was interrupted)", () => {
    expect(importWorker.retryAttempts).toBe(IMPORT_RETRIES);
  });

  it("does nothing for a job that does not exist", async () => {
    const o = await order(1, "重投丙", "1395555");
    const missing = await runImport({ ...o, jobId: randomUUID() });
    expect(missing).toMatchObject({ successCount: 0, desc: "导入任务不存在" });
    expect(await clientsNamed("重投丙")).toBe(0);
  });
});
