import { ImportJob, type ImportJobItem } from "../entities.ts";
import { formatDateTime, nowMs } from "../../kernel/clock.ts";
import { DomainError } from "../../kernel/errors.ts";

/** Import jobs: the progress the console polls while an import runs, kept a week. */
const KEEP_S = 7 * 24 * 3600;

export type Progress = { rowsDone: number; successCount: number; failCount: number };

export async function startJob(tenantId: string, jobId: string, f: { userId: number; shop: string; excelName: string }): Promise<void> {
  const now = formatDateTime();
  try {
    await ImportJob.create({ tenantId, jobId, ...f, state: "running", createTime: now, updateTime: now, expiresAt: Math.floor(nowMs() / 1000) + KEEP_S }).go();
  } catch (e: any) {
    if (/conditional/i.test(String(e?.message))) throw new DomainError("导入任务已存在", "409");
    throw e;
  }
}

export async function reportProgress(tenantId: string, jobId: string, p: Progress): Promise<void> {
  await ImportJob.patch({ tenantId, jobId }).set({ ...p, updateTime: formatDateTime() }).go();
}

export async function finishJob(tenantId: string, jobId: string, r: Progress & { total: number; desc: string; failureKey: string; state: "done" | "failed" }): Promise<void> {
  await ImportJob.patch({ tenantId, jobId }).set({ ...r, updateTime: formatDateTime() }).go();
}

export async function getJob(tenantId: string, jobId: string): Promise<ImportJobItem | null> {
  const { data } = await ImportJob.get({ tenantId, jobId }).go();
  return data;
}

export type JobView = ReturnType<typeof jobView>;

export const jobView = (j: ImportJobItem) => ({
  jobId: j.jobId,
  state: j.state,
  rowsDone: j.rowsDone ?? 0,
  total: j.total ?? 0,
  successCount: j.successCount ?? 0,
  failCount: j.failCount ?? 0,
  desc: j.desc ?? "",
  hasFailures: j.failureKey ? 1 : 0,
  createTime: j.createTime ?? "",
  updateTime: j.updateTime ?? "",
});
