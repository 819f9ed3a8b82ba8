import { ImportJob, type ImportJobItem } from "../entities.ts";
import { releaseSlot } from "./slots.ts";
import { formatDateTime, nowMs, nowSeconds, parseBusiness } from "../../kernel/clock.ts";
import { DomainError, sdkFailure } from "../../kernel/errors.ts";

/** Import jobs: the progress the console polls while an import runs, kept a week. */
const KEEP_S = 7 * 24 * 3600;

export type Progress = { rowsDone: number; successCount: number; failCount: number };

export async function startJob(tenantId: string, jobId: string, f: { userId: number; shop: string; excelName: string }): Promise<void> {
  const now = formatDateTime();
  try {
    await ImportJob.create({ tenantId, jobId, ...f, state: "running", createTime: now, updateTime: now, expiresAt: nowSeconds() + KEEP_S }).go();
  } catch (e) {
    if (/conditional/i.test(String(sdkFailure(e).message))) throw new DomainError("导入任务已存在", "409");
    throw e;
  }
}

export async function finishJob(tenantId: string, jobId: string, r: Progress & { total: number; desc: string; failureKey: string; state: "done" | "failed" }): Promise<void> {
  await ImportJob.patch({ tenantId, jobId })
    .set({ ...r, updateTime: formatDateTime() })
    .go();
  // The job ended: its slot is free for the tenant's next import (slots.ts).
  await releaseSlot(tenantId, jobId);
}

export async function getJob(tenantId: string, jobId: string): Promise<ImportJobItem | null> {
  const { data } = await ImportJob.get({ tenantId, jobId }).go();
  return data;
}

/**
 * A running job that has not moved for this long has lost its worker: the worker writes a
 * checkpoint after every slice of rows (seconds apart), hands over before its Lambda's 15 minutes,
 * and Lambda retries a failed run after 1 and 2 minutes (a timeout cannot write "failed" itself). The console then stops polling with the reason instead of waiting forever.
 */
export const SILENT_JOB_MS = 20 * 60 * 1000;
export const LOST_JOB = "导入中断，请重试";
/** Lambda's own retries of a failed worker run (stacks: the import worker's retryAttempts); each continues from the checkpoint. */
export const IMPORT_RETRIES = 2;

const lost = (j: ImportJobItem) => j.state === "running" && (parseBusiness(j.updateTime ?? "")?.valueOf() ?? nowMs()) < nowMs() - SILENT_JOB_MS;

export type JobView = ReturnType<typeof jobView>;

export const jobView = (j: ImportJobItem) => ({
  jobId: j.jobId,
  state: lost(j) ? "failed" : j.state,
  rowsDone: j.rowsDone ?? 0,
  total: j.total ?? 0,
  successCount: j.successCount ?? 0,
  failCount: j.failCount ?? 0,
  desc: lost(j) ? LOST_JOB : (j.desc ?? ""),
  hasFailures: j.failureKey ? 1 : 0,
  /** The expected duration of the writes at the import's write ceiling (s), 0 until the sheet is counted (importer.ts). */
  expectedSeconds: Math.ceil((j.expectedMs ?? 0) / 1000),
  createTime: j.createTime ?? "",
  updateTime: j.updateTime ?? "",
});
