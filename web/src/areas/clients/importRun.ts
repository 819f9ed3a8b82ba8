import { isOk, type ApiClient } from "../../lib/api.ts";
import type { DataOf, ReplyFor } from "../../lib/contract.ts";
import { FALLBACK } from "../../lib/toast.ts";
import { isTransportFailure } from "../../ui/feedback/failure.ts";

/**
 * Runs a customer import and follows its progress. The console names the job (jobId), posts the
 * import and, while the post is out, polls importprogress for the rows done. API Gateway answers a
 * request after 30 s whatever the Lambda still does, so a post that comes back as a transport
 * failure (503/504, or the browser's own time-out) is not the end: the job goes on and the console
 * keeps polling until the job says done or failed. A refusal (store, file, rights) ends it at once.
 */
const IMPORT = "POST /xiangyu/api/client/clientimport";
const PROGRESS = "GET /xiangyu/api/client/importprogress";
/** The job as accepted, or as it ended: counts, the server's description, whether failed rows can be downloaded. */
export type ImportResult = DataOf<typeof IMPORT>;
/** The job as importprogress reports it: the outcome so far, its state (running, done, failed) and the rows done. */
export type ImportProgress = DataOf<typeof PROGRESS>;
export type ImportForm = { shop: string; excelPath: string; excelName: string };

export class ImportFailed extends Error {}

export type RunOptions = {
  jobId?: string;
  onProgress?: (p: ImportProgress) => void;
  pollMs?: number;
  /** How many polls may find no job after the post was lost before giving up (the post never arrived). */
  patience?: number;
  cancelled?: () => boolean;
  sleep?: (ms: number) => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** 8–64 of A-Za-z0-9- (the server's rule for jobId). */
export function newJobId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  return `imp-${random}`;
}

export async function runImport(api: ApiClient, form: ImportForm, o: RunOptions = {}): Promise<ImportResult> {
  const jobId = o.jobId ?? newJobId();
  const sleep = o.sleep ?? wait;
  const pollMs = o.pollMs ?? 1500;
  const progress = () => api.call(PROGRESS, { jobId });

  let reply: ReplyFor<typeof IMPORT> | undefined;
  const post = api.call(IMPORT, { ...form, jobId }).then((r) => (reply = r));
  while (!reply) {
    await Promise.race([post, sleep(pollMs)]);
    if (reply || o.cancelled?.()) break;
    const p = await progress();
    if (!reply && isOk(p) && p.data) o.onProgress?.(p.data);
  }
  if (!reply) throw new ImportFailed("已取消");
  // The server answers once the job is accepted (state "running") and imports after: poll on.
  if (isOk(reply) && reply.data && reply.data.state !== "running") return reply.data;
  if (!isOk(reply) && !isTransportFailure(reply)) throw new ImportFailed(reply.desc || FALLBACK.save);

  // The post was cut off; the import may still be running.
  let misses = 0;
  for (;;) {
    if (o.cancelled?.()) throw new ImportFailed("已取消");
    const p = await progress();
    if (isOk(p) && p.data) {
      if (p.data.state === "done") return p.data;
      if (p.data.state === "failed") throw new ImportFailed(p.data.desc || "导入失败");
      o.onProgress?.(p.data);
      misses = 0;
    } else if (++misses > (o.patience ?? 5)) {
      throw new ImportFailed(reply.desc);
    }
    await sleep(pollMs);
  }
}

/** Share of rows done, for the progress bar (unknown until the sheet has been counted). */
export const percentDone = (p: Pick<ImportProgress, "rowsDone" | "total"> | null) => (p && p.total > 0 ? (p.rowsDone / p.total) * 100 : undefined);

/**
 * The expected duration the server stated once it had counted the sheet (the rows at the import's
 * write ceiling, docs/scale.md); nothing before that.
 */
export function expectedText(p: Pick<ImportProgress, "expectedSeconds"> | null): string | undefined {
  const s = p?.expectedSeconds ?? 0;
  if (!s) return undefined;
  return s < 60 ? "预计用时不到 1 分钟" : `预计用时约 ${Math.ceil(s / 60)} 分钟`;
}
