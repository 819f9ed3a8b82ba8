import { randomUUID } from "node:crypto";
import { startJob, finishJob, getJob, jobView, LOST_JOB, type JobView } from "./jobs.ts";
import { claimSlot } from "./slots.ts";
import { ImportJob } from "../entities.ts";
import { assertShopWritable } from "../scope.ts";
import type { ClientImportInput } from "./schemas.ts";
import { parseRemotename, UPLOAD_MSG } from "../../files/rules.ts";
import { DEPARTMENT_TREE, OrgNode } from "../../org/entities.ts";
import { isVerified } from "../../files/service.ts";
import { startWorker, type Worker } from "../../kernel/background.ts";
import { config } from "../../kernel/config.ts";
import { DomainError } from "../../kernel/errors.ts";
import type { Caller } from "../../kernel/context.ts";

/**
 * The request side of the customer import: checks, records the job and starts the worker. It never
 * touches a spreadsheet, so the request Lambda does not carry exceljs (importer.ts, the worker's).
 */
export type ImportResult = { jobId: string; total: number; successCount: number; failCount: number; desc: string; hasFailures: number };

/** The bucket key of an upload of this tenant, from `remotename` or its `/uploader/files/…` path. */
export function importKey(tenantId: string, excelPath: string): string {
  const name = excelPath
    .trim()
    .replace(/^\/?uploader\/files\//, "")
    .replace(/^\//, "");
  const parts = parseRemotename(name);
  // Another tenant's file is answered like a missing one: its existence is not confirmed.
  if (!parts || parts.tenantId !== tenantId) throw new DomainError(UPLOAD_MSG.notFound, "404");
  if (parts.ext !== "xlsx") throw new DomainError(UPLOAD_MSG.format(["xlsx"]), "400");
  return name;
}

/** What the worker needs to run an import the request accepted: no session, only who and what. */
export type ImportOrder = { tenantId: string; userId: number; jobId: string; shop: string; key: string; excelName: string; tuning?: ImportTuning };
/**
 * The import's sizes (importer.ts has the defaults). Only tests and the bench set them: the order
 * carries them, so every invocation of a chain — hand-overs and retries — works alike.
 */
export type ImportTuning = {
  /** Rows per slice (checkpoint), fixed when the sheet is staged. */
  sliceRows?: number;
  /** An invocation starts no slice after this much time (ms). */
  budgetMs?: number;
  /** Nor after this many rows (forces hand-overs in tests and the bench). */
  budgetRows?: number;
  /** The pace of client writes (rows a second). */
  rowsPerSecond?: number;
};

/** The import's worker: the clientImport worker Lambda in the cloud (XY_IMPORT_WORKER), this process on one machine. */
export const importWorker: Worker<ImportOrder | SheetErrand> = { name: "clientImport", functionName: () => config.importWorker };
/**
 * The worker's errands, awaited by a request (kernel/background.ts callWorker): it alone carries
 * the spreadsheet writer. The import template, written to the bucket once (downloads.ts); the
 * lottery winners' workbook, answered to the export route (lottery/exportSheet.ts).
 */
export type SheetErrand = { kind: "template" } | { kind: "lotteryWinners"; tenantId: string; lotteryId: number };

/**
 * POST clientimport: checks at once what needs no reading of the sheet (rights on the store, the
 * store, the file's owner, format and presence), records the job and starts its worker, then
 * answers with the job while the rows are still to be read. A tenant runs at most IMPORT_SLOTS
 * imports at once (slots.ts): beyond, 已有导入正在进行，请稍后再试. The console polls importprogress;
 * what the sheet itself holds (no header, unreadable, bad rows) is reported on the job.
 */
export async function acceptImport(caller: Caller, input: ClientImportInput): Promise<JobView> {
  const { tenantId } = caller;
  assertShopWritable(caller, input.shop);
  const { data: shopNode } = await OrgNode.query.byCode({ tenantId, orgType: DEPARTMENT_TREE, orgCode: input.shop }).go({ limit: 1 });
  if (!shopNode.length) throw new DomainError("门店不能为空", "400");
  const key = importKey(tenantId, input.excelPath);
  // Only a sheet whose first bytes were checked (a confirmed upload, issue 11) is read: an upload never confirmed is no file yet.
  if (!(await isVerified(tenantId, key))) throw new DomainError(UPLOAD_MSG.notFound, "404");
  const jobId = input.jobId || randomUUID();
  await startJob(tenantId, jobId, { userId: caller.userId, shop: input.shop, excelName: input.excelName });
  // At most IMPORT_SLOTS imports of a tenant at once (slots.ts): the job just created is unique, so it claims once; refused, it is removed again.
  try {
    await claimSlot(tenantId, jobId);
  } catch (e) {
    await ImportJob.delete({ tenantId, jobId }).go({ response: "none" });
    throw e;
  }
  try {
    await startWorker(importWorker, { tenantId, userId: caller.userId, jobId, shop: input.shop, key, excelName: input.excelName });
  } catch (e) {
    await finishJob(tenantId, jobId, { state: "failed", total: 0, rowsDone: 0, successCount: 0, failCount: 0, desc: LOST_JOB, failureKey: "" });
    throw e;
  }
  const job = await getJob(tenantId, jobId);
  return jobView(job!);
}
