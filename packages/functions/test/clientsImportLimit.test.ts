import { describe, it, expect, beforeAll } from "vitest";
import ExcelJS from "exceljs";
import { randomUUID } from "node:crypto";
import { storeOwnFile } from "@xiangyu/core/files/service";
import { setClockOffset } from "@xiangyu/core/kernel/clock";
import { workersIdle } from "@xiangyu/core/kernel/background";
import { SILENT_JOB_MS, startJob } from "@xiangyu/core/clients/import/jobs";
import { importKey } from "@xiangyu/core/clients/import/accept";
import { runImport } from "@xiangyu/core/clients/import/importer";
import { IMPORT_BUSY, IMPORT_SLOTS, ImportSlot, SLOT_LEASE_MS, claimSlot, releaseSlot, tenantPace } from "@xiangyu/core/clients/import/slots";
import { testTenant } from "./harness.ts";
import { asAdmin, code } from "./clientsHelpers.ts";

/** The per-tenant limit on customer imports running at once (issue 37, clients/import/slots.ts). */
const IMPORT = "/xiangyu/api/client/clientimport";
let t: Awaited<ReturnType<typeof testTenant>>;
let other: Awaited<ReturnType<typeof testTenant>>;

beforeAll(async () => {
  [t, other] = await Promise.all([testTenant(), testTenant()]);
});

async function upload(tenantId: string, n: number, mobilePrefix: string, header = true): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("客户");
  if (header) ws.addRow(["姓名", "手机号", "性别", "年龄", "身份证号", "地址", "客户来源", "备注"]);
  for (let i = 0; i < n; i++) ws.addRow([`限流${i}`, `${mobilePrefix}${String(i).padStart(5, "0")}`]);
  return storeOwnFile(tenantId, { bytes: Buffer.from(await wb.xlsx.writeBuffer()), name: "客户.xlsx", kind: "excel" });
}

async function finished(tenant: typeof t, jobId: string): Promise<{ state: string; desc: string }> {
  for (let i = 0; i < 2400; i++) {
    const p = await asAdmin(tenant).get("/xiangyu/api/client/importprogress", { jobId });
    if (p.body.data?.state !== "running") return p.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${jobId} still running`);
}

const heldSlots = async (tenantId: string) => (await ImportSlot.query.bySlot({ tenantId }).go({ consistent: true })).data;

describe("at most IMPORT_SLOTS imports of a tenant at once", () => {
  it("of 24 imports accepted at the same moment exactly 2 start, the others are refused and leave no job; the slots come back when they end", async () => {
    expect(IMPORT_SLOTS).toBe(2);
    // Big enough that the two started are still writing while all 24 requests are answered (two share 500 rows/s).
    const key = await upload(t.clientId, 1500, "13811");
    const shops = ["广州天河店", "深圳南山店", "珠海香洲店"];
    const jobIds = Array.from({ length: 24 }, () => randomUUID());
    const replies = await Promise.all(jobIds.map((jobId, i) => asAdmin(t).post(IMPORT, { shop: code(t, shops[i % 3]!), excelPath: key, excelName: "客户.xlsx", jobId })));

    const started = replies.filter((r) => r.body.code === "200");
    const refused = replies.filter((r) => r.body.code !== "200");
    expect(started.length).toBe(IMPORT_SLOTS);
    for (const r of started) expect(r.body).toMatchObject({ desc: "导入已开始", data: { state: "running" } });
    expect(refused.length).toBe(24 - IMPORT_SLOTS);
    for (const r of refused) expect(r.body).toMatchObject({ code: "409", desc: IMPORT_BUSY });
    // A refused import left no job behind.
    const refusedIds = jobIds.filter((_, i) => replies[i]!.body.code !== "200");
    for (const jobId of refusedIds.slice(0, 3)) expect((await asAdmin(t).get("/xiangyu/api/client/importprogress", { jobId })).body).toMatchObject({ code: "404" });
    // Another tenant is not held up by this one's imports.
    const theirs = await asAdmin(other).post(IMPORT, { shop: code(other, "广州天河店"), excelPath: await upload(other.clientId, 3, "13822"), excelName: "客户.xlsx" });
    expect(theirs.body).toMatchObject({ code: "200", desc: "导入已开始" });

    const startedIds = started.map((r) => r.body.data.jobId as string);
    expect((await heldSlots(t.clientId)).map((s) => s.jobId).sort()).toEqual([...startedIds].sort());
    for (const jobId of startedIds) expect((await finished(t, jobId)).state).toBe("done");
    await workersIdle();
    expect(await heldSlots(t.clientId)).toEqual([]);
    expect(await heldSlots(other.clientId)).toEqual([]);
    // Free again: the next import starts.
    const next = await asAdmin(t).post(IMPORT, { shop: code(t, "广州天河店"), excelPath: await upload(t.clientId, 2, "13833"), excelName: "客户.xlsx" });
    expect(next.body).toMatchObject({ code: "200", desc: "导入已开始" });
    expect((await finished(t, next.body.data.jobId)).state).toBe("done");
    await workersIdle();
  }, 300_000);

  it("a slot whose job went silent is free once its lease runs out, when the job reads 导入中断", async () => {
    expect(SLOT_LEASE_MS).toBe(SILENT_JOB_MS);
    // Two jobs accepted whose workers died without a word: their slots are held.
    await claimSlot(t.clientId, "dead-1");
    await claimSlot(t.clientId, "dead-2");
    const key = await upload(t.clientId, 2, "13844");
    const post = () => asAdmin(t).post(IMPORT, { shop: code(t, "广州天河店"), excelPath: key, excelName: "客户.xlsx" });
    expect((await post()).body).toMatchObject({ code: "409", desc: IMPORT_BUSY });
    setClockOffset(SLOT_LEASE_MS + 60_000);
    try {
      const r = await post();
      expect(r.body).toMatchObject({ code: "200", desc: "导入已开始" });
      expect((await finished(t, r.body.data.jobId)).state).toBe("done");
      await workersIdle();
    } finally {
      setClockOffset(0);
    }
    await Promise.all([releaseSlot(t.clientId, "dead-1"), releaseSlot(t.clientId, "dead-2")]);
    expect(await heldSlots(t.clientId)).toEqual([]);
  }, 120_000);

  it("gives the slot back when the job fails on its sheet and when it is interrupted", async () => {
    // Failed: a sheet without its header row.
    const noHeader = await upload(t.clientId, 2, "13855", false);
    const r = await asAdmin(t).post(IMPORT, { shop: code(t, "广州天河店"), excelPath: noHeader, excelName: "客户.xlsx" });
    expect(r.body.code).toBe("200");
    expect((await finished(t, r.body.data.jobId)).state).toBe("failed");
    await workersIdle();
    expect(await heldSlots(t.clientId)).toEqual([]);

    // Interrupted: a failure of ours with no retry left (one machine) — 导入中断，请重试, and the slot is free.
    const jobId = randomUUID();
    const shop = code(t, "广州天河店");
    await startJob(t.clientId, jobId, { userId: 1, shop, excelName: "客户.xlsx" });
    await claimSlot(t.clientId, jobId);
    const order = { tenantId: t.clientId, userId: 1, jobId, shop, key: importKey(t.clientId, await upload(t.clientId, 4, "13866")), excelName: "客户.xlsx" };
    await expect(
      runImport(order, {
        fault: (at) => {
          if (at === "staged") throw new Error("stopped");
        },
      }),
    ).rejects.toThrow("stopped");
    expect(await finished(t, jobId)).toMatchObject({ state: "failed", desc: "导入中断，请重试" });
    expect(await heldSlots(t.clientId)).toEqual([]);
  }, 120_000);

  it("the running imports of a tenant share its pace", () => {
    expect(tenantPace(500, 0)).toBe(500);
    expect(tenantPace(500, 1)).toBe(500);
    expect(tenantPace(500, 2)).toBe(250);
    expect(tenantPace(500, 5)).toBe(250);
  });
});
