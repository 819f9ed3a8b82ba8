import { describe, expect, it } from "vitest";
import { ApiClient } from "../../lib/api.ts";
import { mockApi, type Call } from "../../ui/test-utils.tsx";
import { ImportFailed, expectedText, newJobId, percentDone, runImport, type ImportProgress } from "./importRun.ts";

const FORM = { shop: "001001", excelPath: "xiangyu/abc.xlsx", excelName: "客户.xlsx" };
const api = new ApiClient(2001);
const result = { jobId: "job-12345678", total: 3, successCount: 2, failCount: 1, desc: "共3条，成功2条，失败1条", hasFailures: 1, expectedSeconds: 0 };
const progress = (p: Partial<ImportProgress>) => ({ code: "200", desc: "", data: { ...result, state: "running", rowsDone: 0, ...p } });

/** A post that answers only when `release` is called, and a sleep that lets the loop spin at once. */
function held<T>() {
  let release!: (v: T) => void;
  const promise = new Promise<T>((r) => (release = r));
  return { promise, release };
}
const tick = () => new Promise<void>((r) => setTimeout(r, 0));

describe("runImport", () => {
  it("posts the form with the job id and reports progress while the post is out", async () => {
    const post = held<object>();
    let polls = 0;
    const calls = mockApi({
      "POST /xiangyu/api/client/clientimport": () => post.promise as never,
      "GET /xiangyu/api/client/importprogress": () => {
        polls += 1;
        if (polls === 2) post.release({ code: "200", desc: "导入完成", data: result });
        return progress({ rowsDone: polls, total: 3 });
      },
    });
    const seen: number[] = [];
    const r = await runImport(api, FORM, { jobId: "job-12345678", sleep: tick, onProgress: (p) => seen.push(p.rowsDone) });
    expect(r).toEqual(result);
    // The poll that saw the post answered may or may not report: the first one did.
    expect(seen[0]).toBe(1);
    expect(calls.last("POST /xiangyu/api/client/clientimport")!.body).toEqual({ ...FORM, jobId: "job-12345678" });
    expect(calls.last("POST /xiangyu/api/client/clientimport")!.headers.functionId).toBe("2001");
    expect(calls.last("GET /xiangyu/api/client/importprogress")!.query).toEqual({ jobId: "job-12345678" });
  });

  it("keeps following the job when API Gateway cuts the post off after 30 s", async () => {
    let polls = 0;
    mockApi({
      // HTTP API's time-out reply: status 503 with no envelope, read as a transport failure.
      "POST /xiangyu/api/client/clientimport": () => ({ code: "500", desc: "读取接口出错：503 Service Unavailable" }),
      "GET /xiangyu/api/client/importprogress": () => {
        polls += 1;
        return polls < 3 ? progress({ rowsDone: polls * 100, total: 300 }) : progress({ state: "done", rowsDone: 300, total: 300, successCount: 299, failCount: 1 });
      },
    });
    const seen: number[] = [];
    const r = await runImport(api, FORM, { sleep: tick, onProgress: (p) => seen.push(p.rowsDone) });
    expect(r).toMatchObject({ total: 300, successCount: 299, failCount: 1, state: "done" });
    expect(seen).toEqual([100, 200]);
  });

  it("stops at a refusal and says why", async () => {
    const calls = mockApi({
      "POST /xiangyu/api/client/clientimport": () => ({ code: "400", desc: "表格第一行必须是标题行（姓名、手机号……），请使用导入模板" }),
      "GET /xiangyu/api/client/importprogress": () => ({ code: "404", desc: "导入任务不存在" }),
    });
    await expect(runImport(api, FORM, { sleep: tick })).rejects.toThrow("表格第一行必须是标题行（姓名、手机号……），请使用导入模板");
    await expect(runImport(api, FORM, { sleep: tick })).rejects.toBeInstanceOf(ImportFailed);
    expect(calls.calls.filter((c: Call) => c.path.endsWith("importprogress"))).toHaveLength(0);
  });

  it("gives up when a lost post never started a job, and reports a failed job", async () => {
    mockApi({
      "POST /xiangyu/api/client/clientimport": () => "network-error",
      "GET /xiangyu/api/client/importprogress": () => ({ code: "404", desc: "导入任务不存在" }),
    });
    await expect(runImport(api, FORM, { sleep: tick, patience: 2 })).rejects.toThrow(/^读取接口出错/);

    mockApi({
      "POST /xiangyu/api/client/clientimport": () => ({ code: "500", desc: "读取接口出错：504 Gateway Timeout" }),
      "GET /xiangyu/api/client/importprogress": () => progress({ state: "failed", desc: "文件内容无法读取，请使用导入模板保存的xlsx文件" }),
    });
    await expect(runImport(api, FORM, { sleep: tick })).rejects.toThrow("文件内容无法读取，请使用导入模板保存的xlsx文件");
  });

  it("names jobs the way the server accepts and shows a share only once the rows are counted", () => {
    expect(newJobId()).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(newJobId()).not.toBe(newJobId());
    expect(percentDone({ rowsDone: 5, total: 0 })).toBeUndefined();
    expect(percentDone({ rowsDone: 50, total: 200 })).toBe(25);
    expect(percentDone(null)).toBeUndefined();
  });

  it("states the expected duration the server gave once it counted the sheet", () => {
    expect(expectedText(null)).toBeUndefined();
    expect(expectedText({ expectedSeconds: 0 })).toBeUndefined();
    expect(expectedText({ expectedSeconds: 40 })).toBe("预计用时不到 1 分钟");
    // 1,000,000 rows at 500 rows/s.
    expect(expectedText({ expectedSeconds: 2000 })).toBe("预计用时约 34 分钟");
  });
});
