import { describe, it, expect, beforeAll } from "vitest";
import ExcelJS from "exceljs";
import { randomUUID } from "node:crypto";
import { storeOwnFile } from "@xiangyu/core/files/service";
import { startJob, getJob, claimJob } from "@xiangyu/core/clients/import/jobs";
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

const clientsNamed = async (prefix: string) => (await asAdmin(t).get("/xiangyu/api/client/clientlist", { keyword: prefix, pageSize: 100 })).body.pageParams.maxCount;

describe("an import started twice (an asynchronous invoke delivered again)", () => {
  it("runs once when both deliveries arrive together: the job keeps the one outcome", async () => {
    const o = await order(12, "重投甲", "1391234");
    const results = await Promise.all(Array.from({ length: 20 }, () => runImport(o)));
    const outcomes = JSON.stringify(results.filter((r) => r.desc !== "导入任务已在处理"));
    expect(
      results.filter((r) => r.successCount === 12),
      outcomes,
    ).toHaveLength(1);
    expect(results.filter((r) => r.desc === "导入任务已在处理")).toHaveLength(19);
    const job = await getJob(t.clientId, o.jobId);
    expect(job).toMatchObject({ state: "done", total: 12, successCount: 12, failCount: 0 });
    expect(await clientsNamed("重投甲")).toBe(12);
  });

  it("leaves a finished job as it was when the second delivery comes later", async () => {
    const o = await order(5, "重投乙", "1397654");
    expect((await runImport(o)).successCount).toBe(5);
    const again = await runImport(o);
    expect(again).toMatchObject({ total: 0, successCount: 0, desc: "导入任务已在处理" });
    expect(await getJob(t.clientId, o.jobId)).toMatchObject({ state: "done", total: 5, successCount: 5, failCount: 0, failureKey: "" });
  });

  it("lets the claiming run's own retried request keep the job, and no other run", async () => {
    const o = await order(1, "重投丁", "1396666");
    expect(await claimJob(t.clientId, o.jobId, "run-a")).toBe(true);
    // The SDK sends the same write again when the answer of the first was lost.
    expect(await claimJob(t.clientId, o.jobId, "run-a")).toBe(true);
    expect(await claimJob(t.clientId, o.jobId, "run-b")).toBe(false);
  });

  it("does nothing for a job that does not exist", async () => {
    const o = await order(1, "重投丙", "1395555");
    const missing = await runImport({ ...o, jobId: randomUUID() });
    expect(missing.successCount).toBe(0);
    expect(await clientsNamed("重投丙")).toBe(0);
  });
});
