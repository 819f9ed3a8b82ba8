import ExcelJS from "exceljs";
import type { Readable } from "node:stream";
import { gunzipSync, gzipSync } from "node:zlib";
import { COLUMNS, MSG, cellText, checkRow, readHeader, type ColumnKey, type SheetRow } from "./columns.ts";
import type { ClientInput } from "../schemas.ts";
import { UPLOAD_MSG } from "../../files/rules.ts";
import { bucket } from "../../kernel/aws.ts";
import { DomainError } from "../../kernel/errors.ts";
import { isMissing } from "../../kernel/s3Lite/errors.ts";

/**
 * The sheet cut into slices (issue 37). An xlsx sheet is one deflated XML stream: no row can be
 * reached without inflating and parsing every row before it, so "read rows 400,000–402,000" is a
 * parse of 402,000 rows. The sheet is therefore parsed once per job, streaming (exceljs
 * WorkbookReader, ≈ 18,000 rows/s): each row is checked as the client form would (columns.ts) and
 * for a mobile earlier in the file, and the rows go to the bucket as slice files of `sliceRows`
 * rows (gzip JSON, `{tenant}/imports/{job}/rows-{n}.json.gz`). A slice then reads its own file
 * only. Staging is not resumable itself: cut short, it runs again from the start and writes the
 * same files (a 1,000,000-row sheet stages in ≈ 1–2 minutes, well within one invocation).
 */
export type StagedRow = {
  /** The sheet's row number (the failure report's 行号). */
  r: number;
  v: SheetRow;
  /** The client the row makes, or `e`, why it is refused before any write. */
  c?: ClientInput;
  e?: string;
};

const jobPrefix = (tenantId: string, jobId: string) => `${tenantId}/imports/${jobId}`;
export const rowsKey = (tenantId: string, jobId: string, slice: number) => `${jobPrefix(tenantId, jobId)}/rows-${slice}.json.gz`;
/** A slice's failed rows, written before its checkpoint: a retried slice writes the same file again. */
export const failedKey = (tenantId: string, jobId: string, slice: number) => `${jobPrefix(tenantId, jobId)}/failed-${slice}.json.gz`;

/** Staged files written at once while the sheet is read on. */
const PUTS_IN_FLIGHT = 4;

async function openSheet(key: string): Promise<Readable> {
  try {
    return await bucket().getObjectStream(key);
  } catch (e) {
    if (isMissing(e)) throw new DomainError(UPLOAD_MSG.notFound, "404");
    throw e;
  }
}

export async function putJson(key: string, value: unknown): Promise<void> {
  await bucket().putObject(key, gzipSync(JSON.stringify(value)), { contentType: "application/gzip" });
}

/** The JSON stored at `key`; `missing` when there is no such object. */
export async function getJson<T>(key: string, missing?: T): Promise<T> {
  try {
    return JSON.parse(gunzipSync(await bucket().getObject(key)).toString("utf8")) as T;
  } catch (e) {
    if (missing !== undefined && isMissing(e)) return missing;
    throw e;
  }
}

export async function deleteKey(key: string): Promise<void> {
  await bucket().deleteObject(key);
}

export type Staged = { total: number; slices: number };

/**
 * Reads the sheet once and stores its slices. `ours` wraps every read and write of ours (the
 * bucket), so the caller tells a failure of ours from a file exceljs cannot read.
 */
export async function stageSheet(
  o: { tenantId: string; jobId: string; key: string; shop: string },
  sliceRows: number,
  channelOf: (cell: string) => string | undefined,
  ours: <T>(work: Promise<T>) => Promise<T>,
): Promise<Staged> {
  const body = await ours(openSheet(o.key));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(body, { sharedStrings: "cache", hyperlinks: "ignore", styles: "ignore", worksheets: "emit", entries: "emit" });
  let header: Record<ColumnKey, number> | null = null;
  const seen = new Set<string>();
  let slice: StagedRow[] = [];
  let slices = 0;
  let total = 0;
  const puts = new Set<Promise<void>>();
  let failed: { e: unknown } | undefined;
  const flush = async () => {
    const put: Promise<void> = ours(putJson(rowsKey(o.tenantId, o.jobId, slices++), slice))
      .catch((e) => void (failed ??= { e }))
      .finally(() => puts.delete(put));
    puts.add(put);
    slice = [];
    if (puts.size >= PUTS_IN_FLIGHT) await Promise.race(puts);
    if (failed) throw failed.e;
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
      const v = Object.fromEntries(COLUMNS.map((c) => [c.key, header![c.key] ? (cells[header![c.key]] ?? "") : ""])) as SheetRow;
      const checked = checkRow(v, o.shop, channelOf);
      if (!checked.ok) slice.push({ r: r.number, v, e: checked.reason });
      else if (seen.has(checked.client.mobile)) slice.push({ r: r.number, v, e: MSG.duplicateInFile });
      else {
        seen.add(checked.client.mobile);
        slice.push({ r: r.number, v, c: checked.client });
      }
      if (slice.length >= sliceRows) await flush();
    }
    break; // the first sheet only
  }
  if (!header) throw new DomainError(MSG.noHeader, "400");
  if (slice.length) await flush();
  await Promise.all(puts);
  if (failed) throw failed.e;
  return { total, slices };
}
