import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { BatchGetCommand } from "@aws-sdk/lib-dynamodb";
import { storeOwnFile } from "../src/files/service.ts";
import { readObject } from "../src/files/storage.ts";
import { startJob, getJob, jobView, LOST_JOB } from "../src/clients/import/jobs.ts";
import { runImport, type ImportFault, type ImportOptions } from "../src/clients/import/importer.ts";
import type { ImportOrder, ImportTuning } from "../src/clients/import/accept.ts";
import { createItems } from "../src/clients/service.ts";
import type { ClientItem } from "../src/clients/entities.ts";
import { workersIdle } from "../src/kernel/background.ts";
import { nextIds } from "../src/kernel/counters.ts";
import { transact } from "../src/kernel/tx.ts";
import { dynamo } from "../src/kernel/aws.ts";
import { config } from "../src/kernel/config.ts";
import { allTenantKeys } from "../src/kernel/tenantKeys.ts";
import { seeded } from "./seeded.ts";

/**
 * The customer import under faults (issue 37): stopped at a slice boundary (after staging, after a
 * checkpoint) or inside a slice (after some write calls, or after the slice's writes and failure
 * file but before its checkpoint — the lost checkpoint), then run again, it ends exactly as an
 * uninterrupted run: the same clients, keys and tallies, no client twice, no row lost, the same
 * counts, summary and failure report.
 */
const run = Date.now().toString(36);
const SHOP = "0101";
const FAST: ImportTuning = { rowsPerSecond: 100_000 };

const HEADER = ["姓名", "手机号", "性别", "年龄", "身份证号", "地址", "客户来源", "备注"];
/** Rows already in the store before the import (its mobiles fail as duplicates in the store). */
const EXISTING = Array.from({ length: 3 }, (_, i) => [`老客${i}`, `1370000${String(i * 19).padStart(4, "0")}`]);

/**
 * `n` rows: every 11th without a mobile (refused when read), every 13th repeating an earlier
 * mobile (refused as a repeat in the file), every 19th one a client of the store already (refused
 * when written), an empty line now and then (skipped, not counted).
 */
function sheetRows(n: number): (string | number)[][] {
  return Array.from({ length: n }, (_, i) => {
    if (i % 29 === 28) return [];
    const mobile = i % 11 === 10 ? "" : i % 13 === 12 ? `1370000${String(i - 5).padStart(4, "0")}` : `1370000${String(i).padStart(4, "0")}`;
    return [`客户${i}`, mobile, i % 2 ? "男" : "女", 20 + (i % 50), "", `某路${i}号`, "", `备注${i}`];
  });
}

async function upload(tenantId: string, rows: (string | number)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("客户");
  ws.addRow(HEADER);
  for (const r of rows) ws.addRow(r);
  return storeOwnFile(tenantId, { bytes: Buffer.from(await wb.xlsx.writeBuffer()), name: "客户.xlsx", kind: "excel" });
}

async function newOrder(tenantId: string, rows: (string | number)[][], tuning: ImportTuning): Promise<ImportOrder> {
  const key = await upload(tenantId, rows);
  const jobId = `job-${Math.random().toString(36).slice(2, 12)}`;
  await startJob(tenantId, jobId, { userId: 1, shop: SHOP, excelName: "客户.xlsx" });
  return { tenantId, userId: 1, jobId, shop: SHOP, key, excelName: "客户.xlsx", tuning };
}

/** A tenant whose store already holds the EXISTING clients, saved as the client service saves one. */
async function tenantWithClients(tenantId: string): Promise<void> {
  const firstId = await nextIds(tenantId, "client", EXISTING.length);
  for (const [i, [clientName, mobile]] of EXISTING.entries())
    await transact(createItems({ tenantId, id: firstId + i, clientName, mobile, shop: SHOP, status: 1, createTime: "2026-01-01 00:00:00", rev: 0 } as ClientItem));
}

/**
 * Everything the import wrote for a tenant, found on the table's tenant index, ids left out (a retried
 * slice may have reserved ids it never used): each client's fields, each key item, each tally's count.
 */
async function stateOf(tenantId: string): Promise<{ clients: string[]; keys: string[]; tallies: string[] }> {
  // The tenant's keys from the table's tenant index (every item with a tenantId), then the items.
  const keys: Record<string, unknown>[] = await allTenantKeys(tenantId);
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Record<string, unknown>[] = keys.slice(i, i + 100);
    while (pending.length) {
      const out = await dynamo().send(new BatchGetCommand({ RequestItems: { [config.table]: { Keys: pending } } }));
      items.push(...(out.Responses?.[config.table] ?? []));
      pending = (out.UnprocessedKeys?.[config.table]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  const of = (e: string) => items.filter((i) => i.__edb_e__ === e);
  const mobileOfId = new Map(of("client").map((c) => [c.id, c.mobile]));
  return {
    clients: of("client")
      .map((c) => [c.mobile, c.clientName, c.shop, c.status, c.sex, c.age, c.address, c.remark, c.isMgr, c.rev].join("|"))
      .sort(),
    // The mobile guards and search keys, each naming its client by the client's mobile.
    keys: [...of("clientMobile"), ...of("clientTerm")]
      .map((k) => `${k.__edb_e__}|${k.mobile ?? ""}|${k.kind ?? ""}|${k.term ?? ""}|${mobileOfId.get(k.clientId ?? k.id) ?? "?"}`)
      .sort(),
    tallies: of("clientTally")
      .filter((t) => Number(t.n) !== 0)
      .map((t) => `${t.shop}|${t.status}|${t.isMgr}|${t.n}`)
      .sort(),
  };
}

/** The job's outcome and its failure report's rows. */
async function outcomeOf(tenantId: string, jobId: string) {
  const job = (await getJob(tenantId, jobId))!;
  const v = jobView(job);
  let report: string[][] = [];
  if (job.failureKey) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await readObject(job.failureKey)) as never);
    wb.worksheets[0]!.eachRow((r) => report.push((r.values as unknown[]).slice(1).map((x) => String(x ?? ""))));
  } else report = [];
  return { state: v.state, total: v.total, rowsDone: v.rowsDone, successCount: v.successCount, failCount: v.failCount, desc: v.desc, report };
}

describe("customer import, resumable", () => {
  it("ends exactly as an uninterrupted run when stopped at 20 seeded points (slice boundaries and inside slices)", { timeout: 180_000 }, async () => {
    const rows = sheetRows(64);
    const ref = `impref${run}`;
    await tenantWithClients(ref);
    const refOrder = await newOrder(ref, rows, FAST);
    await runImport(refOrder);
    const expected = await outcomeOf(ref, refOrder.jobId);
    const expectedState = await stateOf(ref);
    // The sheet's own arithmetic: 64 rows less 2 empty ones; refusals of all three kinds.
    expect(expected).toMatchObject({ state: "done", total: 62, rowsDone: 62 });
    expect(expected.report.slice(1).map((r) => r[9])).toEqual(expect.arrayContaining(["手机号码不能为空", "文件中手机号码重复", "该门店已存在此手机号码的客户"]));
    expect(expected.successCount + expected.failCount).toBe(62);
    expect(expectedState.clients).toHaveLength(EXISTING.length + expected.successCount);

    const random = seeded(37);
    const points: ImportFault[] = ["staged", "write", "slice", "checkpoint"];
    const seen = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const tenantId = `imp${run}r${round}`;
      await tenantWithClients(tenantId);
      const sliceRows = 8 + random(12);
      const order = await newOrder(tenantId, rows, { ...FAST, sliceRows });
      const slices = Math.ceil(62 / sliceRows);
      // Stop at the k-th time the run passes `at`: the last slice's checkpoint is excluded (nothing would be left to resume but the finish).
      const at = points[round % 4]!;
      const most = { staged: 1, write: slices, slice: slices, checkpoint: slices - 1 }[at];
      let left = 1 + random(most);
      seen.add(`${at}`);
      const fault: ImportOptions["fault"] = (point) => {
        if (point === at && --left === 0) throw new Error(`stopped at ${point}`);
      };
      await expect(runImport(order, { fault }), `round ${round}`).rejects.toThrow(/stopped at/);
      // On one machine nothing retries: the job says it was interrupted, and a later run continues it.
      expect((await getJob(tenantId, order.jobId))?.desc, `round ${round}`).toBe(LOST_JOB);
      // Resumed by a run that sometimes hands over after every slice (the in-process hand-over).
      await runImport(random(2) ? order : { ...order, tuning: { ...order.tuning, budgetRows: 1 } });
      await workersIdle();
      expect(await outcomeOf(tenantId, order.jobId), `round ${round} (${at}, slices of ${sliceRows})`).toEqual(expected);
      expect(await stateOf(tenantId), `round ${round} (${at}, slices of ${sliceRows})`).toEqual(expectedState);
    }
    expect([...seen].sort()).toEqual([...points].sort());
  });

  it("hands over to a fresh invocation after its budget of rows, and the chain's result is an uninterrupted run's", { timeout: 60_000 }, async () => {
    const rows = sheetRows(60);
    const ref = `imphref${run}`;
    await tenantWithClients(ref);
    const refOrder = await newOrder(ref, rows, FAST);
    await runImport(refOrder);

    const tenantId = `imphand${run}`;
    await tenantWithClients(tenantId);
    const order = await newOrder(tenantId, rows, { ...FAST, sliceRows: 12, budgetRows: 24 });
    const first = await runImport(order);
    // The first invocation staged the sheet, wrote two slices and handed over; the rest runs in this process.
    expect((await getJob(tenantId, order.jobId))?.state).toBe("running");
    expect(first.successCount).toBeGreaterThan(0);
    await workersIdle();
    const job = (await getJob(tenantId, order.jobId))!;
    // 58 rows in slices of 12: 5 slices, 2 an invocation → 3 invocations.
    expect(job).toMatchObject({ state: "done", slices: 5, nextSlice: 5, runs: 3 });
    expect(await outcomeOf(tenantId, order.jobId)).toEqual(await outcomeOf(ref, refOrder.jobId));
    expect(await stateOf(tenantId)).toEqual(await stateOf(ref));
  });

  it("paces its writes to the write ceiling and states the expected duration once the sheet is counted", { timeout: 60_000 }, async () => {
    const tenantId = `imppace${run}`;
    const rows = Array.from({ length: 100 }, (_, i) => [`限速${i}`, `1380000${String(i).padStart(4, "0")}`]);
    const order = await newOrder(tenantId, rows, { rowsPerSecond: 200 });
    expect(jobView((await getJob(tenantId, order.jobId))!).expectedSeconds).toBe(0);
    const started = Date.now();
    await runImport(order);
    // 5 calls of 20 rows, started 100 ms apart at 200 rows/s: the last starts ≥ 400 ms in.
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    const job = (await getJob(tenantId, order.jobId))!;
    expect(job.expectedMs).toBe(500);
    expect(jobView(job)).toMatchObject({ state: "done", successCount: 100, expectedSeconds: 1 });
  });
});
