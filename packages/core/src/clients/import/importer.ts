import { MSG, channelFinder } from "./columns.ts";
import { failureWorkbook, type FailedRow } from "./sheets.ts";
import { XLSX_TYPE } from "./downloads.ts";
import { writeGroups } from "./bulkWrite.ts";
import { finishJob, IMPORT_RETRIES, LOST_JOB } from "./jobs.ts";
import { releaseSlot, renewSlot, tenantPace } from "./slots.ts";
import { stageSheet, rowsKey, failedKey, getJson, putJson, deleteKey, type StagedRow } from "./stage.ts";
import { importWorker, type ImportOrder, type ImportResult } from "./accept.ts";
import { createItems } from "../service.ts";
import { tallyDelta } from "../tally.ts";
import { bucketOf, type Bucket } from "../rules.ts";
import { DUPLICATE_MOBILE } from "../keys.ts";
import { Client, ImportJob, type ClientItem, type ImportJobItem } from "../entities.ts";
import { DEFAULT_CHANNEL_LIST } from "../../channels/schemas.ts";
import { styleList } from "../../platform/styleParams.ts";
import { UPLOAD_MSG } from "../../files/rules.ts";
import { UserLogin } from "../../users/entities.ts";
import { bucket } from "../../kernel/aws.ts";
import { config } from "../../kernel/config.ts";
import { nextIds } from "../../kernel/counters.ts";
import { formatDateTime } from "../../kernel/clock.ts";
import { DomainError, sdkFailure } from "../../kernel/errors.ts";
import { startWorker } from "../../kernel/background.ts";
import { mapLimit, readEvery } from "../../kernel/batch.ts";
import { transact, txUpdate } from "../../kernel/tx.ts";
import { errorText, logLine } from "../../kernel/log.ts";

/**
 * Customer import (R293–R296; issue 37: slices, checkpoint, hand-over). The request accepts the
 * job (`acceptImport`); this worker does the rest, in three steps that each survive being cut off:
 *
 * 1. **Stage**: the sheet is parsed once (stage.ts) into slice files in the bucket, every row
 *    checked (the client form's rules, a mobile earlier in the file); the job then knows its total
 *    and its expected duration at the write ceiling.
 * 2. **Slices**: slice `nextSlice` is read from its file; client ids are reserved for it and
 *    recorded on the job *before* any write (one id per row), so a slice run again writes the same
 *    ids; each client is written atomically with its keys and mobile guard, ~20 a transaction
 *    (bulkWrite.ts), paced to the write ceiling. A row refused because its own id already exists
 *    was written by this job's earlier run of the slice: a success, not a duplicate. The slice's
 *    failed rows go to a file of their own (by slice number), then one transaction moves the
 *    checkpoint (conditioned on `nextSlice`) together with the slice's tallies, so a tally is
 *    counted exactly once. After its budget an invocation starts no slice: it hands over to a fresh
 *    invocation of the worker (an asynchronous invoke by its fixed name; in this process on one
 *    machine).
 * 3. **Finish**: the failure report (the slices' files in order), the summary, the staged files removed.
 *
 * A run cut anywhere — Lambda's retry, a second delivery, a resumed interrupted job — continues
 * from the checkpoint and ends as an uninterrupted run. Two runs at once converge: the one whose
 * checkpoint loses leaves (packages/core/test/clientImportResume.test.ts).
 */
export const SLICE_ROWS = 2000;
const CALL_ROWS = 20;
const PARALLEL = 8;
const DESC_REASONS = 10;
/** An invocation starts no slice after this: a slice takes seconds, the worker Lambda may run 15 minutes. */
export const BUDGET_MS = 12 * 60_000;
/**
 * The write ceilings of docs/scale.md ("Hot keys"): every row of an import lands in one store's
 * index partitions (gsi1/gsi2: tenant + store (+ status)), ≈ 1,000 rows/s, and in the tenant's
 * client partition (`byId`), where the transactional put costs 2 WRU, ≈ 500 rows/s. The import
 * keeps under both.
 */
export const STORE_INDEX_ROWS_PER_S = 1000;
export const TENANT_PARTITION_ROWS_PER_S = 500;
export const ROWS_PER_SECOND = Math.min(STORE_INDEX_ROWS_PER_S, TENANT_PARTITION_ROWS_PER_S);

/** Where a test's fault hook may stop a run: after staging, after each write call, after a slice's failure file, after each checkpoint. */
export type ImportFault = "staged" | "write" | "slice" | "checkpoint";
export type ImportOptions = { fault?: (at: ImportFault) => void };

const NO_JOB = "导入任务不存在";
/** The job's condition failed: another run of the same job moved the checkpoint first. */
const TAKEN = "import slice taken by another run";
/** What the sheet itself is refused for (a job that ends there, not a failure of ours). */
const SHEET_REFUSALS: ReadonlySet<string> = new Set([MSG.noHeader, UPLOAD_MSG.notFound]);

const failureKey = (tenantId: string, jobId: string) => `${tenantId}/imports/${jobId}-failures.xlsx`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const conditional = (e: unknown) => /conditional/i.test(String(sdkFailure(e).message));

async function readJob(tenantId: string, jobId: string): Promise<ImportJobItem | null> {
  return (await ImportJob.get({ tenantId, jobId }).go({ consistent: true })).data;
}

const resultOf = (j: ImportJobItem): ImportResult => ({
  jobId: j.jobId,
  total: j.total ?? 0,
  successCount: j.successCount ?? 0,
  failCount: j.failCount ?? 0,
  desc: j.desc ?? "",
  hasFailures: j.failureKey ? 1 : 0,
});

/** Done jobs and jobs the sheet ended are left as they are; a job interrupted by a failure of ours continues. */
const resumable = (j: ImportJobItem) => j.state === "running" || (j.state === "failed" && j.desc === LOST_JOB);

/** Spaces the write calls' starts so rows go out at `rate()` rows a second at most (read at each call: the tenant's running imports share it). */
function pacer(rate: () => number): (rows: number) => Promise<void> {
  let next = Date.now();
  return async (rows) => {
    const now = Date.now();
    const at = Math.max(next, now);
    next = at + (rows * 1000) / rate();
    if (at > now) await sleep(at - now);
  };
}

/**
 * The worker: one invocation of the chain. A sheet the user must fix ends the job as failed with
 * the reason and returns normally; a failure of ours throws after noting it on the job, so Lambda
 * runs the order again from the checkpoint (then the dead-letter queue). Once no retry is left —
 * or on one machine, where nothing retries — the job says 导入中断，请重试, and a later run of the
 * same order still continues it.
 */
export async function runImport(order: ImportOrder, o: ImportOptions = {}): Promise<ImportResult> {
  const { tenantId, jobId } = order;
  const t = order.tuning ?? {};
  const started = Date.now();
  const found = await readJob(tenantId, jobId);
  if (!found) return { jobId, total: 0, successCount: 0, failCount: 0, desc: NO_JOB, hasFailures: 0 };
  if (!resumable(found)) return resultOf(found);
  let ours = false;
  const ourStep = <T>(work: Promise<T>): Promise<T> =>
    work.catch((e) => {
      if (!(e instanceof DomainError && SHEET_REFUSALS.has(e.desc))) ours = true;
      throw e;
    });
  // An injected fault stands for a failure of ours (the database, the bucket, the Lambda stopped).
  const fault = o.fault
    ? (at: ImportFault) => {
        try {
          o.fault!(at);
        } catch (e) {
          ours = true;
          throw e;
        }
      }
    : undefined;
  let job = found;
  try {
    job = await ourStep(begin(job));
    if (!job.sliceRows) job = await stage(order, job, fault, ourStep);
    // The tenant's imports running now share its pace (slots.ts): learnt at each renewal of the job's slot.
    let running = await ourStep(renewSlot(tenantId, jobId));
    const pace = pacer(() => tenantPace(t.rowsPerSecond ?? ROWS_PER_SECOND, running));
    let rowsThisRun = 0;
    while ((job.nextSlice ?? 0) < (job.slices ?? 0)) {
      // At least one slice per invocation, so every hand-over moves the job on.
      if (rowsThisRun > 0 && (Date.now() - started > (t.budgetMs ?? BUDGET_MS) || rowsThisRun >= (t.budgetRows ?? Infinity))) {
        await ourStep(startWorker(importWorker, order));
        return resultOf(job);
      }
      const next = await ourStep(writeSlice(order, job, pace, fault));
      if (!next) return resultOf((await readJob(tenantId, jobId)) ?? job);
      rowsThisRun += (next.rowsDone ?? 0) - (job.rowsDone ?? 0);
      job = next;
      running = await ourStep(renewSlot(tenantId, jobId));
    }
    return await ourStep(finish(order, job));
  } catch (e) {
    // A file exceljs cannot read (a renamed .csv, a damaged zip) is the user's to fix, not a server error.
    const refusal = ours ? null : e instanceof DomainError ? e : new DomainError(MSG.unreadable, "400");
    if (!refusal) {
      await interrupted(tenantId, jobId).catch((f) => logLine("error", { msg: "import: crash not recorded", jobId, error: errorText(f) }));
      throw e;
    }
    const c = { total: job.total ?? 0, rowsDone: job.rowsDone ?? 0, successCount: job.successCount ?? 0, failCount: job.failCount ?? 0 };
    await finishJob(tenantId, jobId, { state: "failed", ...c, desc: refusal.desc, failureKey: "" });
    return { jobId, ...c, desc: refusal.desc, hasFailures: 0 };
  }
}

/** The job running again (an interrupted one continues) and this invocation counted. */
async function begin(j: ImportJobItem): Promise<ImportJobItem> {
  const { data } = await ImportJob.patch({ tenantId: j.tenantId, jobId: j.jobId })
    .set({ state: "running", ...(j.state === "failed" ? { desc: "" } : {}), updateTime: formatDateTime() })
    .add({ runs: 1 })
    .go({ response: "all_new" });
  return data as ImportJobItem;
}

/** A failed run noted; past Lambda's retries (or with none, on one machine) the job says it was interrupted. */
async function interrupted(tenantId: string, jobId: string): Promise<void> {
  const { data } = await ImportJob.patch({ tenantId, jobId }).add({ crashes: 1 }).set({ updateTime: formatDateTime() }).go({ response: "all_new" });
  if (!config.importWorker || (data?.crashes ?? 0) > IMPORT_RETRIES) {
    await ImportJob.patch({ tenantId, jobId })
      .set({ state: "failed", desc: LOST_JOB })
      .where((a, { eq }) => eq(a.state, "running"))
      .go()
      .catch((e) => {
        if (!conditional(e)) throw e;
      });
    // Interrupted for good: its slot is the tenant's again (a later run of the same order continues without one).
    await releaseSlot(tenantId, jobId);
  }
}

/** Step 1: the sheet read once into slice files; the job learns its total and expected duration. */
async function stage(order: ImportOrder, job: ImportJobItem, fault: ImportOptions["fault"], ours: <T>(work: Promise<T>) => Promise<T>): Promise<ImportJobItem> {
  const { tenantId, jobId } = order;
  const t = order.tuning ?? {};
  // 客户来源 names one of the tenant's channels (by code or name), read once per import.
  const channelOf = channelFinder((await ours(styleList(tenantId, DEFAULT_CHANNEL_LIST, true))).map((r) => ({ code: r.styleid, name: r.stylename })));
  const sliceRows = Math.max(1, t.sliceRows ?? SLICE_ROWS);
  // Only the bucket's reads and writes are ours here: what exceljs throws is the file's.
  const s = await stageSheet({ tenantId, jobId, key: order.key, shop: order.shop }, sliceRows, channelOf, ours);
  const expectedMs = Math.ceil((s.total / (t.rowsPerSecond ?? ROWS_PER_SECOND)) * 1000);
  try {
    const { data } = await ours(
      ImportJob.patch({ tenantId, jobId })
        .set({ sliceRows, slices: s.slices, total: s.total, nextSlice: 0, rowsDone: 0, successCount: 0, failCount: 0, expectedMs, updateTime: formatDateTime() })
        .where((a, { eq }) => eq(a.sliceRows, 0))
        .go({ response: "all_new" }),
    );
    fault?.("staged");
    return data as ImportJobItem;
  } catch (e) {
    // Another run of the job staged it first (the same files): continue with its checkpoint.
    if (!conditional(e)) throw e;
    return (await ours(readJob(tenantId, jobId))) ?? job;
  }
}

/**
 * Client ids for slice k, one per row, recorded on the job before any write: a retried slice
 * finds them and writes the same ids. Null when another run has moved past the slice.
 */
async function reserveIds(job: ImportJobItem, k: number, rows: number): Promise<{ firstId: number; again: boolean } | null> {
  const { tenantId, jobId } = job;
  if (job.idsFor === k && job.firstId) return { firstId: job.firstId, again: true };
  const firstId = await nextIds(tenantId, "client", Math.max(1, rows));
  try {
    await ImportJob.patch({ tenantId, jobId })
      .set({ idsFor: k, firstId })
      .where((a, { eq, ne, notExists }) => `${eq(a.nextSlice, k)} AND (${notExists(a.idsFor)} OR ${ne(a.idsFor, k)})`)
      .go();
    return { firstId, again: false };
  } catch (e) {
    if (!conditional(e)) throw e;
    // A concurrent run reserved first (these ids stay unused) or has moved on.
    const now = await readJob(tenantId, jobId);
    if (!now || now.nextSlice !== k || now.idsFor !== k || !now.firstId) return null;
    return { firstId: now.firstId, again: true };
  }
}

/** Slice k's staged rows; null when this run lagged behind while another finished the job and removed the staged files. */
async function stagedRows(tenantId: string, jobId: string, k: number): Promise<StagedRow[] | null> {
  const rows = await getJson<StagedRow[] | null>(rowsKey(tenantId, jobId, k), null);
  if (rows) return rows;
  const now = await readJob(tenantId, jobId);
  if (now && (now.nextSlice ?? 0) > k) return null;
  throw new Error(`import ${jobId}: slice ${k} is not staged`);
}

/** Step 2: one slice written and its checkpoint moved; the job after it, or null when another run holds the job. */
async function writeSlice(order: ImportOrder, job: ImportJobItem, pace: (rows: number) => Promise<void>, fault: ImportOptions["fault"]): Promise<ImportJobItem | null> {
  const { tenantId, jobId } = order;
  const k = job.nextSlice ?? 0;
  const rows = await stagedRows(tenantId, jobId, k);
  if (!rows) return null;
  const ids = await reserveIds(job, k, rows.length);
  if (!ids) return null;
  const staff = await staffMobiles(
    tenantId,
    rows.flatMap((r) => (r.c ? [r.c.mobile] : [])),
  );
  const now = formatDateTime();
  // As saveClient: the form's fields (without its id), then what the save sets itself; the id is the row's place in the slice.
  const items = rows.map((r, i) => {
    if (!r.c) return null;
    const { id: _id, ...fields } = r.c;
    return { tenantId, id: ids.firstId + i, ...fields, isMgr: staff.has(fields.mobile) ? 1 : 0, globalId: "", workOrderStatus: "", createTime: now, rev: 0 } as ClientItem;
  });
  const writes = items.flatMap((it, i) => (it ? [i] : []));
  const calls: number[][] = [];
  for (let i = 0; i < writes.length; i += CALL_ROWS) calls.push(writes.slice(i, i + CALL_ROWS));
  const refused = new Map<number, string>();
  await mapLimit(
    calls,
    async (call) => {
      await pace(call.length);
      const res = await writeGroups(call.map((i) => createItems(items[i]!, false)));
      call.forEach((i, j) => {
        if (!res[j]!.ok) refused.set(i, res[j]!.failMessage ?? DUPLICATE_MOBILE);
      });
      fault?.("write");
    },
    PARALLEL,
  );
  // Refused because the row's own id exists: another run of this slice wrote it (ids are reserved for the job). Checked whether
  // or not this run reserved the ids: a second delivery that found them reserved may write a row before the run that reserved them.
  if (refused.size) {
    const keys = [...refused.keys()].map((i) => ({ tenantId, id: ids.firstId + i }));
    for (let i = 0; i < keys.length; i += 100) {
      const found = await readEvery((k) => Client.get(k).go({ consistent: true }), keys.slice(i, i + 100));
      for (const c of found) if (c) refused.delete(c.id - ids.firstId);
    }
  }

  const failures: FailedRow[] = [];
  const tallies = new Map<string, { b: Bucket; n: number }>();
  let stored = 0;
  rows.forEach((r, i) => {
    const reason = r.e ?? refused.get(i);
    if (reason !== undefined) return void failures.push({ rowNumber: r.r, values: r.v, reason });
    stored++;
    const b = bucketOf(items[i]!);
    const key = `${b.shop}|${b.status}|${b.isMgr}`;
    tallies.set(key, { b, n: (tallies.get(key)?.n ?? 0) + 1 });
  });
  // The slice's failed rows by slice number: a slice run again writes its file again (or removes an earlier run's).
  if (failures.length) await putJson(failedKey(tenantId, jobId, k), failures);
  else if (ids.again) await deleteKey(failedKey(tenantId, jobId, k));
  fault?.("slice");

  const next = {
    nextSlice: k + 1,
    rowsDone: (job.rowsDone ?? 0) + rows.length,
    successCount: (job.successCount ?? 0) + stored,
    failCount: (job.failCount ?? 0) + failures.length,
  };
  try {
    // The checkpoint and the slice's tallies together: a tally moves once however often the slice runs.
    await transact([
      txUpdate(
        ImportJob.patch({ tenantId, jobId })
          .set({ ...next, crashes: 0, updateTime: formatDateTime() })
          .where((a, { eq }) => eq(a.nextSlice, k)),
        TAKEN,
      ),
      ...[...tallies.values()].map(({ b, n }) => tallyDelta(tenantId, b, n)),
    ]);
  } catch (e) {
    if (e instanceof DomainError && e.desc === TAKEN) return null;
    throw e;
  }
  fault?.("checkpoint");
  return { ...job, ...next, crashes: 0 };
}

/** Step 3: the failure report from the slices' files, the outcome, the staged files removed. */
async function finish(order: ImportOrder, job: ImportJobItem): Promise<ImportResult> {
  const { tenantId, jobId } = order;
  const slices = Array.from({ length: job.slices ?? 0 }, (_, k) => k);
  const failures = job.failCount ? (await mapLimit(slices, (k) => getJson<FailedRow[]>(failedKey(tenantId, jobId, k), []))).flat() : [];
  if (failures.length !== (job.failCount ?? 0)) {
    // Another run finished the job meanwhile and removed the files.
    const now = await readJob(tenantId, jobId);
    if (now?.state === "done") return resultOf(now);
    throw new Error(`import ${jobId}: ${failures.length} failed rows on file, ${job.failCount} counted`);
  }
  const total = job.total ?? 0;
  const successCount = job.successCount ?? 0;
  const failCount = failures.length;
  let storedKey = "";
  if (failCount) {
    storedKey = failureKey(tenantId, jobId);
    await bucket().putObject(storedKey, await failureWorkbook(failures), { contentType: XLSX_TYPE });
  }
  const desc = describe(total, successCount, failures);
  await finishJob(tenantId, jobId, { state: "done", total, rowsDone: total, successCount, failCount, desc, failureKey: storedKey });
  await mapLimit(slices, async (k) => {
    await deleteKey(rowsKey(tenantId, jobId, k));
    if (failCount) await deleteKey(failedKey(tenantId, jobId, k));
  }).catch((e) => logLine("warn", { msg: "import: staged files not removed", jobId, error: errorText(e) }));
  return { jobId, total, successCount, failCount, desc, hasFailures: failCount ? 1 : 0 };
}

/** The job's summary; `failures` are in sheet order. */
function describe(total: number, ok: number, failures: FailedRow[]): string {
  const head = `共${total}条，成功${ok}条，失败${failures.length}条`;
  if (!failures.length) return head;
  const shown = failures.slice(0, DESC_REASONS).map((f) => `第${f.rowNumber}行：${f.reason}`);
  return `${head}。${shown.join("；")}${failures.length > DESC_REASONS ? "……" : ""}（可下载失败记录）`;
}

/** Which of these mobiles are staff logins (one batch read). */
async function staffMobiles(tenantId: string, mobiles: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < mobiles.length; i += 100) {
    const found = await readEvery(
      (k) => UserLogin.get(k).go(),
      mobiles.slice(i, i + 100).map((login) => ({ tenantId, login })),
    );
    for (const u of found) if (u) out.add(u.login);
  }
  return out;
}
