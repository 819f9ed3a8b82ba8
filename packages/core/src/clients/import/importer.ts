import ExcelJS from "exceljs";
import type { Readable } from "node:stream";
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { COLUMNS, MSG, cellText, channelFinder, checkRow, readHeader, type ColumnKey, type SheetRow } from "./columns.ts";
import { failureWorkbook, type FailedRow } from "./sheets.ts";
import { XLSX_TYPE } from "./downloads.ts";
import { writeGroups } from "./bulkWrite.ts";
import { claimJob, reportProgress, finishJob, LOST_JOB } from "./jobs.ts";
import { createItems } from "../service.ts";
import { addToTally } from "../tally.ts";
import { bucketOf } from "../rules.ts";
import { DUPLICATE_MOBILE } from "../keys.ts";
import type { ClientItem } from "../entities.ts";
import type { ImportOrder, ImportResult } from "./accept.ts";
import type { ClientInput } from "../schemas.ts";
import { DEFAULT_CHANNEL_LIST } from "../../channels/schemas.ts";
import { styleList } from "../../platform/styleParams.ts";
import { UPLOAD_MSG } from "../../files/rules.ts";
import { UserLogin } from "../../users/entities.ts";
import { s3Client } from "../../kernel/aws.ts";
import { config } from "../../kernel/config.ts";
import { nextIds } from "../../kernel/counters.ts";
import { formatDateTime } from "../../kernel/clock.ts";
import { DomainError, sdkFailure } from "../../kernel/errors.ts";

/**
 * Customer import (R293–R296). The sheet is read from the bucket as a stream (exceljs
 * WorkbookReader): rows are checked and written a batch at a time, so memory holds one batch and
 * the failed rows, whatever the file's size. Each client is written atomically with its keys and
 * mobile guard, ~20 clients per transaction (bulkWrite.ts): a mobile the shop already has fails
 * that row only, and one used twice in the file fails its second row. Tallies move once per batch.
 * Progress is written to the job after every batch. The request only accepts the job
 * (`acceptImport`); a worker does the rest (`runImport`), so no sheet is limited by API
 * Gateway's 30 s.
 */
const BATCH = 400;
const CALL_ROWS = 20;
const PARALLEL = 8;
const DESC_REASONS = 10;

const failureKey = (tenantId: string, jobId: string) => `${tenantId}/imports/${jobId}-failures.xlsx`;

async function openSheet(key: string): Promise<Readable> {
  try {
    const r = await s3Client().send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
    return r.Body as Readable;
  } catch (e) {
    const f = sdkFailure(e);
    if (f.name === "NoSuchKey" || f.$metadata?.httpStatusCode === 404) throw new DomainError(UPLOAD_MSG.notFound, "404");
    throw e;
  }
}

/** Runs `work` over `items`, at most `n` at a time. */
async function eachLimited<T>(items: T[], n: number, work: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

type Pending = { rowNumber: number; values: SheetRow; client: ClientInput };

const INTERRUPTED = LOST_JOB;
/** Only in the worker's answer (its log): the job's own outcome is the first run's. */
const ALREADY_TAKEN = "导入任务已在处理";

/**
 * The worker: reads the sheet, writes the clients and records the outcome on the job. A sheet the
 * user must fix ends the job as failed with the reason and returns normally (nothing to retry or
 * alarm on); anything else also fails the job, then throws, so the worker Lambda's failure lands
 * in its dead-letter queue.
 */
export async function runImport(order: ImportOrder): Promise<ImportResult> {
  const { tenantId, jobId, shop } = order;
  // A second delivery of the same start (or a job that no longer exists) does nothing and says so in the worker's log.
  if (!(await claimJob(tenantId, jobId))) return { jobId, total: 0, successCount: 0, failCount: 0, desc: ALREADY_TAKEN, hasFailures: 0 };
  const failures: FailedRow[] = [];
  const seen = new Set<string>();
  let total = 0;
  let successCount = 0;
  /** Whether a failure was ours (storage, the database, a bug) rather than the file's: every read and write of ours goes through `ourStep`. */
  let ours = false;
  const ourStep = <T>(work: Promise<T>): Promise<T> =>
    work.catch((e) => {
      ours = true;
      throw e;
    });
  try {
    // 客户来源 names one of the tenant's channels (by code or name), read once per import.
    const channelOf = channelFinder((await ourStep(styleList(tenantId, DEFAULT_CHANNEL_LIST, true))).map((r) => ({ code: r.styleid, name: r.stylename })));
    const body = await ourStep(openSheet(order.key));
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(body, { sharedStrings: "cache", hyperlinks: "ignore", styles: "ignore", worksheets: "emit", entries: "emit" });
    let header: Record<ColumnKey, number> | null = null;
    let batch: Pending[] = [];
    const flush = async () => {
      successCount += await ourStep(writeBatch(tenantId, shop, batch, failures));
      batch = [];
      await ourStep(reportProgress(tenantId, jobId, { rowsDone: total, successCount, failCount: failures.length }));
    };
    for await (const sheet of reader) {
      for await (const r of sheet as AsyncIterable<ExcelJS.Row>) {
        const cells = (r.values as unknown[]).map(cellText);
        if (!header) {
          header = readHeader(cells);
          if (!header) throw new DomainError(MSG.noHeader, "400");
          continue;
        }
        if (cells.every((c) => c === "")) continue;
        total++;
        const values = Object.fromEntries(COLUMNS.map((c) => [c.key, header![c.key] ? (cells[header![c.key]] ?? "") : ""])) as SheetRow;
        const checked = checkRow(values, shop, channelOf);
        if (!checked.ok) {
          failures.push({ rowNumber: r.number, values, reason: checked.reason });
          continue;
        }
        if (seen.has(checked.client.mobile)) {
          failures.push({ rowNumber: r.number, values, reason: MSG.duplicateInFile });
          continue;
        }
        seen.add(checked.client.mobile);
        batch.push({ rowNumber: r.number, values, client: checked.client });
        if (batch.length >= BATCH) await flush();
      }
      break; // the first sheet only
    }
    if (!header) throw new DomainError(MSG.noHeader, "400");
    await flush();
  } catch (e) {
    // A file exceljs cannot read (a renamed .csv, a damaged zip) is the user's to fix, not a server error.
    const refusal = e instanceof DomainError ? e : ours ? null : new DomainError(MSG.unreadable, "400");
    const desc = refusal?.desc ?? INTERRUPTED;
    await finishJob(tenantId, jobId, { state: "failed", total, rowsDone: total, successCount, failCount: failures.length, desc, failureKey: "" });
    if (!refusal) throw e;
    return { jobId, total, successCount, failCount: failures.length, desc, hasFailures: 0 };
  }

  // Rows refused when read and rows refused when written (duplicates in the store) join the list at
  // different times: the report lists them in sheet order.
  failures.sort((a, b) => a.rowNumber - b.rowNumber);
  const failCount = failures.length;
  let storedKey = "";
  if (failCount) {
    storedKey = failureKey(tenantId, jobId);
    await s3Client().send(new PutObjectCommand({ Bucket: config.bucket, Key: storedKey, Body: await failureWorkbook(failures), ContentType: XLSX_TYPE }));
  }
  const desc = describe(total, successCount, failures);
  await finishJob(tenantId, jobId, { state: "done", total, rowsDone: total, successCount, failCount, desc, failureKey: storedKey });
  return { jobId, total, successCount, failCount, desc, hasFailures: failCount ? 1 : 0 };
}

/** The job's summary; `failures` are in sheet order. */
function describe(total: number, ok: number, failures: FailedRow[]): string {
  const head = `共${total}条，成功${ok}条，失败${failures.length}条`;
  if (!failures.length) return head;
  const shown = failures.slice(0, DESC_REASONS).map((f) => `第${f.rowNumber}行：${f.reason}`);
  return `${head}。${shown.join("；")}${failures.length > DESC_REASONS ? "……" : ""}（可下载失败记录）`;
}

/** Writes one batch; returns how many rows were stored. Failed rows join `failures`. */
async function writeBatch(tenantId: string, shop: string, batch: Pending[], failures: FailedRow[]): Promise<number> {
  if (!batch.length) return 0;
  const firstId = await nextIds(tenantId, "client", batch.length);
  const staff = await staffMobiles(
    tenantId,
    batch.map((b) => b.client.mobile),
  );
  const now = formatDateTime();
  // As saveClient: the form's fields (without its id), then what the save sets itself.
  const items = batch.map(({ client: { id: _id, ...fields } }, i) => {
    const item = { tenantId, id: firstId + i, ...fields, isMgr: staff.has(fields.mobile) ? 1 : 0, globalId: "", workOrderStatus: "", createTime: now, rev: 0 };
    return item as ClientItem;
  });
  // Chunks of ~20 clients per call, a few calls at a time.
  const chunks: number[][] = [];
  for (let i = 0; i < items.length; i += CALL_ROWS) chunks.push(items.slice(i, i + CALL_ROWS).map((_, j) => i + j));
  const outcomes = new Array<{ ok: boolean; failMessage?: string }>(items.length);
  await eachLimited(chunks, PARALLEL, async (idx) => {
    const res = await writeGroups(idx.map((i) => createItems(items[i]!, false)));
    idx.forEach((i, j) => (outcomes[i] = res[j]!));
  });
  const tallies = new Map<string, { b: ReturnType<typeof bucketOf>; n: number }>();
  let stored = 0;
  outcomes.forEach((o, i) => {
    if (!o.ok) {
      failures.push({ rowNumber: batch[i]!.rowNumber, values: batch[i]!.values, reason: o.failMessage ?? DUPLICATE_MOBILE });
      return;
    }
    stored++;
    const b = bucketOf(items[i]!);
    const k = `${b.shop}|${b.status}|${b.isMgr}`;
    tallies.set(k, { b, n: (tallies.get(k)?.n ?? 0) + 1 });
  });
  for (const { b, n } of tallies.values()) await addToTally(tenantId, b, n);
  return stored;
}

/** Which of these mobiles are staff logins (one batch read). */
async function staffMobiles(tenantId: string, mobiles: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < mobiles.length; i += 100) {
    const { data } = await UserLogin.get(mobiles.slice(i, i + 100).map((login) => ({ tenantId, login }))).go();
    for (const u of data) if (u) out.add(u.login);
  }
  return out;
}
