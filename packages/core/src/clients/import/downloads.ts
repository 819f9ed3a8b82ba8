import { importWorker, type SheetErrand } from "./accept.ts";
import { getJob } from "./jobs.ts";
import { objectHead, presignGet } from "../../files/storage.ts";
import { contentDisposition } from "../../files/rules.ts";
import { callWorker } from "../../kernel/background.ts";
import { DomainError } from "../../kernel/errors.ts";

/**
 * The import's spreadsheets are handed out as short-lived bucket URLs, not as Lambda bodies: the
 * browser downloads them directly (no 6 MB response cap, no token needed on the link).
 */
export type Download = { url: string; name: string };

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Bump when the template's columns change, so no old copy is served. */
export const TEMPLATE_KEY = "templates/customer-import-v1.xlsx";
const TEMPLATE_NAME = "客户导入模板.xlsx";
let templateStored = false;

export async function templateDownload(): Promise<Download> {
  if (!templateStored && !(await objectHead(TEMPLATE_KEY))) {
    // Written by the worker, which carries the spreadsheet code; this Lambda stays small.
    await callWorker<SheetErrand, unknown>(importWorker, { kind: "template" });
  }
  templateStored = true;
  const { url } = await presignGet(TEMPLATE_KEY, { contentType: XLSX_TYPE, disposition: contentDisposition("excel", TEMPLATE_NAME) });
  return { url, name: TEMPLATE_NAME };
}

/** The failure report of a job of this tenant, or null when every row was imported. */
export async function failureDownload(tenantId: string, jobId: string): Promise<Download | null> {
  const job = await getJob(tenantId, jobId);
  if (!job) throw new DomainError("导入任务不存在", "404");
  if (!job.failureKey) return null;
  const name = `导入失败记录-${job.excelName || jobId}`.replace(/\.xlsx$/i, "") + ".xlsx";
  const { url } = await presignGet(job.failureKey, { contentType: XLSX_TYPE, disposition: contentDisposition("excel", name) });
  return { url, name };
}
