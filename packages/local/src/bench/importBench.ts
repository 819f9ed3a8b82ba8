import { uploadImportSheet, type ImportSheet } from "./importSheet.ts";
import { table } from "./markdown.ts";
import { count } from "./stats.ts";
import { registerWorkers } from "../twin/workers.ts";
import { DEMO_DEPARTMENTS } from "../seed/demo.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * `npm run bench -- import` (issue 37): a large customer import in slices, with a hand-over to a
 * fresh invocation of the worker forced every `rows / 10` rows — 20,000 of 200,000, the rows a
 * 15-minute invocation writes at the write ceiling, scaled down — so the run crosses as many
 * hand-overs as a 1,000,000-row sheet would cross Lambda time limits, and more. The worker runs
 * in this process as on `npm start` (the same code path the cloud's self-invocation takes).
 * Size: `XY_BENCH_IMPORT_ROWS` (default 200,000; 20,000 with --quick).
 */
type Run = { seconds: number; stagedSeconds: number; expectedSeconds: number; job: import("@xiangyu/core/clients/entities").ImportJobItem };

/** A fresh tenant with the demo stores and the channel the sheet names (the import refuses unknown sources); one store's code. */
async function target(): Promise<{ tenantId: string; shop: string }> {
  // Loaded once the stack has set the environment: core builds its clients on first import.
  const { createDepartments } = await import("@xiangyu/core/org/provision");
  const { saveStyleAttr } = await import("@xiangyu/core/platform/styleParams");
  const { DEFAULT_CHANNEL_LIST } = await import("@xiangyu/core/channels/schemas");
  const tenantId = `benchimport${Date.now().toString(36)}`;
  const depts = await createDepartments(tenantId, DEMO_DEPARTMENTS);
  const shop = [...depts.values()].map((d) => d.code).sort((a, b) => b.length - a.length)[0]!;
  await saveStyleAttr(tenantId, { styleen: DEFAULT_CHANNEL_LIST, styleid: "walkin", stylename: "到店咨询" });
  return { tenantId, shop };
}

/** The import run as the worker chain runs it, its job polled beside it for the moment the sheet was staged. */
async function timeImport(tenantId: string, shop: string, sheet: ImportSheet, handOverEvery: number, log: (s: string) => void): Promise<Run> {
  const { startJob, getJob, jobView } = await import("@xiangyu/core/clients/import/jobs");
  const { runImport, ROWS_PER_SECOND } = await import("@xiangyu/core/clients/import/importer");
  const { workersIdle } = await import("@xiangyu/core/kernel/background");
  const jobId = `bench-import-${Date.now()}`;
  await startJob(tenantId, jobId, { userId: 1, shop, excelName: "bench.xlsx" });
  const started = Date.now();
  let stagedAt = 0;
  let expectedSeconds = 0;
  let polling = true;
  const polls = (async () => {
    while (polling) {
      const j = await getJob(tenantId, jobId);
      if (j && !stagedAt && (j.sliceRows ?? 0) > 0) {
        stagedAt = Date.now();
        expectedSeconds = jobView(j).expectedSeconds;
        log(`staged in ${((stagedAt - started) / 1000).toFixed(1)} s: ${j.total} rows, ${j.slices} slices, expected ${expectedSeconds} s at ${ROWS_PER_SECOND} rows/s`);
      }
      if (j && j.state !== "running") return;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  try {
    await runImport({ tenantId, userId: 1, jobId, shop, key: sheet.key, excelName: "bench.xlsx", tuning: { budgetRows: handOverEvery } });
    await workersIdle();
  } finally {
    polling = false;
    await polls;
  }
  const seconds = (Date.now() - started) / 1000;
  return { seconds, stagedSeconds: stagedAt ? (stagedAt - started) / 1000 : 0, expectedSeconds, job: (await getJob(tenantId, jobId))! };
}

export const area: BenchArea = {
  title: "Customer import in slices: hand-overs, pace, expected duration",
  async run({ quick, log }) {
    const rows = Number(process.env.XY_BENCH_IMPORT_ROWS) || (quick ? 20_000 : 200_000);
    const handOverEvery = Math.max(1, Math.round(rows / 10));
    registerWorkers();
    const { SLICE_ROWS, ROWS_PER_SECOND } = await import("@xiangyu/core/clients/import/importer");
    const { tenantId, shop } = await target();
    const sheet = await uploadImportSheet(tenantId, rows);
    log(`sheet: ${rows.toLocaleString("en")} rows, ${(sheet.bytes / 1e6).toFixed(1)} MB; hand-over every ${handOverEvery.toLocaleString("en")} rows`);
    const { seconds, stagedSeconds, expectedSeconds, job } = await timeImport(tenantId, shop, sheet, handOverEvery, log);

    const failed = sheet.badRows + sheet.repeatedRows;
    const handOvers = (job.runs ?? 1) - 1;
    const writeSeconds = seconds - stagedSeconds;
    const wantHandOvers = Math.ceil(rows / Math.max(handOverEvery, SLICE_ROWS)) - 1;
    const checks: Check[] = [
      {
        what: "every row counted once (successes + failures = rows; failures = bad + repeated rows)",
        target: `${rows - failed} + ${failed}`,
        actual: `${job.successCount} + ${job.failCount} (${job.state})`,
        pass: job.state === "done" && job.total === rows && job.failCount === failed && job.successCount === rows - failed,
      },
      { what: `hand-overs (one every ${handOverEvery.toLocaleString("en")} rows)`, target: String(wantHandOvers), actual: String(handOvers), pass: handOvers === wantHandOvers },
      {
        what: "write pace within the ceiling",
        target: `≤ ${ROWS_PER_SECOND} rows/s`,
        actual: `${Math.round(rows / writeSeconds)} rows/s`,
        pass: rows / writeSeconds <= ROWS_PER_SECOND * 1.05,
      },
    ];
    const body = table(
      ["figure", " value"],
      [
        ["rows", rows.toLocaleString("en")],
        ["sheet", `${(sheet.bytes / 1e6).toFixed(1)} MB`],
        ["staging (one parse of the sheet into slice files)", `${stagedSeconds.toFixed(1)} s`],
        [`writes (slices of ${SLICE_ROWS.toLocaleString("en")} rows, a checkpoint each)`, `${writeSeconds.toFixed(1)} s`],
        ["total", `${seconds.toFixed(1)} s`],
        ["rows/s over the whole import", String(Math.round(rows / seconds))],
        ["rows/s while writing", String(Math.round(rows / writeSeconds))],
        ["invocations (hand-overs)", `${job.runs ?? 1} (${handOvers})`],
        ["expected duration shown to the user", `${expectedSeconds} s (${ROWS_PER_SECOND} rows/s, the write ceiling)`],
        ["imported / failed", `${job.successCount} / ${job.failCount}`],
      ],
    );
    return {
      dataset: `${count(rows, "row")} sheet (${sheet.badRows} without a mobile, ${sheet.repeatedRows} repeating the row before's) into one store of a fresh tenant; a hand-over forced every ${handOverEvery.toLocaleString("en")} rows`,
      body,
      checks,
    };
  },
};
