import { describe, expect, it } from "vitest";
import { ApiClient } from "../../lib/api.ts";
import { mockApi } from "../../ui/test-utils.tsx";
import { ImportFailed, runImport, type ImportProgress } from "./importRun.ts";

/**
 * The server answers the import's POST as soon as it has accepted the job (state "running") and
 * imports in a worker after: the console must take that answer as "started", not as the result,
 * and poll importprogress until the job is done or failed.
 */
const FORM = { shop: "001001", excelPath: "xiangyu/abc.xlsx", excelName: "客户.xlsx" };
const api = new ApiClient(2001);
const job = (p: Partial<ImportProgress>) => ({ jobId: "job-accepted-1", total: 0, successCount: 0, failCount: 0, desc: "", hasFailures: 0, rowsDone: 0, state: "running", ...p });
const tick = () => new Promise<void>((r) => setTimeout(r, 0));

describe("runImport against a server that imports after answering", () => {
  it("polls after an accepted (running) job until it is done, reporting progress", async () => {
    let polls = 0;
    mockApi({
      "POST /xiangyu/api/client/clientimport": () => ({ code: "200", desc: "导入已开始", data: job({}) }),
      "GET /xiangyu/api/client/importprogress": () => {
        polls += 1;
        return {
          code: "200",
          desc: "",
          data:
            polls < 3 ? job({ rowsDone: polls * 400, total: 0 }) : job({ state: "done", rowsDone: 1200, total: 1200, successCount: 1200, desc: "共1200条，成功1200条，失败0条" }),
        };
      },
    });
    const seen: number[] = [];
    const r = await runImport(api, FORM, { jobId: "job-accepted-1", sleep: tick, onProgress: (p) => seen.push(p.rowsDone) });
    expect(r).toMatchObject({ jobId: "job-accepted-1", total: 1200, successCount: 1200, desc: "共1200条，成功1200条，失败0条" });
    expect(seen).toEqual([400, 800]);
  });

  it("ends with the job's reason when the worker fails it", async () => {
    mockApi({
      "POST /xiangyu/api/client/clientimport": () => ({ code: "200", desc: "导入已开始", data: job({}) }),
      "GET /xiangyu/api/client/importprogress": () => ({ code: "200", desc: "", data: job({ state: "failed", desc: "表格第一行必须是标题行（姓名、手机号……），请使用导入模板" }) }),
    });
    await expect(runImport(api, FORM, { jobId: "job-accepted-1", sleep: tick })).rejects.toEqual(new ImportFailed("表格第一行必须是标题行（姓名、手机号……），请使用导入模板"));
  });
});
