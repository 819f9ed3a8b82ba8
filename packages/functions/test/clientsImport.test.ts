import { describe, it, expect, beforeAll } from "vitest";
import ExcelJS from "exceljs";
import { createHash } from "node:crypto";
import { putObject } from "@xiangyu/core/files/storage";
import { storeOwnFile } from "@xiangyu/core/files/service";
import { setClockOffset } from "@xiangyu/core/kernel/clock";
import { startJob, SILENT_JOB_MS } from "@xiangyu/core/clients/import/jobs";
import { testTenant } from "./harness.ts";
import { FN, asAdmin, as, code, newClient } from "./clientsHelpers.ts";

let t: Awaited<ReturnType<typeof testTenant>>;
const IMPORT = "/xiangyu/api/client/clientimport";

beforeAll(async () => {
  t = await testTenant();
});

/** Writes a sheet (header + rows) and stores it as a confirmed upload would be: `${tenant}/${sha256}.xlsx`, verified. */
async function upload(tenantId: string, rows: (string | number)[][], header = ["姓名", "手机号", "性别", "年龄", "身份证号", "地址", "客户来源", "备注"]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("客户");
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  return storeOwnFile(tenantId, { bytes, name: "客户.xlsx", kind: "excel" });
}

/** A channel of the tenant's client sources (code, name). */
async function channel(styleid: string, stylename: string): Promise<void> {
  const r = await asAdmin(t, FN.channels).post("/xiangyu/api/channel/save", { styleid, stylename });
  expect(r.body.code, JSON.stringify(r.body)).toBe("200");
}

/** Polls importprogress as the console does, until the job is done or failed; its last view. */
async function finished(jobId: string, who = asAdmin(t)): Promise<any> {
  for (let i = 0; i < 1200; i++) {
    const p = await who.get("/xiangyu/api/client/importprogress", { jobId });
    expect(p.body.code, JSON.stringify(p.body)).toBe("200");
    if (p.body.data.state !== "running") return p.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${jobId} still running`);
}

/** Posts an import; when the request accepts it, waits for the job and answers with its outcome. */
async function importAndWait(form: Record<string, string>): Promise<{ code: string; desc: string; data?: any }> {
  const r = await asAdmin(t).post(IMPORT, form);
  if (r.body.code !== "200") return r.body;
  const job = await finished(r.body.data.jobId);
  return { code: job.state === "done" ? "200" : "400", desc: job.desc, data: job };
}

async function readSheet(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as any);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) =>
    rows.push(
      Array.from(r.values as unknown[])
        .slice(1)
        .map((v) => String(v ?? "")),
    ),
  );
  return rows;
}

describe("customer import", () => {
  it("offers the template as a download link to an xlsx with the import columns", async () => {
    const r = await asAdmin(t).get("/xiangyu/api/client/importtemplate");
    expect(r.body.data.name).toBe("客户导入模板.xlsx");
    const rows = await readSheet(await download(r.body.data.url));
    expect(rows[0]).toEqual(["姓名", "手机号", "性别", "年龄", "身份证号", "地址", "客户来源", "备注"]);
    // The same template is served again without being written twice.
    expect((await asAdmin(t).get("/xiangyu/api/client/importtemplate")).body.code).toBe("200");
  });

  it("checks the form (R293, R294) and the file's owner and format", async () => {
    const admin = asAdmin(t);
    expect((await admin.post(IMPORT, { excelPath: `${t.clientId}/${"a".repeat(64)}.xlsx` })).body.desc).toBe("门店不能为空");
    expect((await admin.post(IMPORT, { shop: code(t, "广州天河店") })).body.desc).toBe("请选上传文件");
    const theirs = await upload("someoneelse", [["张三", "13900000001"]]);
    expect((await admin.post(IMPORT, { shop: code(t, "广州天河店"), excelPath: theirs })).body).toEqual({ code: "404", desc: "文件不存在或已被删除" });
    expect((await admin.post(IMPORT, { shop: code(t, "广州天河店"), excelPath: `${t.clientId}/${"b".repeat(64)}.png` })).body.desc).toBe("文件格式不正确，请上传 xlsx 格式的文件");
    expect((await admin.post(IMPORT, { shop: code(t, "广州天河店"), excelPath: `${t.clientId}/${"c".repeat(64)}.xlsx` })).body.desc).toBe("文件不存在或已被删除");
    // What the sheet holds is read after the request has answered: the job reports it.
    const noHeader = await upload(t.clientId, [["张三", "13900000001"]], ["名字", "电话"]);
    expect(await importAndWait({ shop: code(t, "广州天河店"), excelPath: noHeader })).toMatchObject({
      desc: "表格第一行必须是标题行（姓名、手机号……），请使用导入模板",
      data: { state: "failed", total: 0, successCount: 0, hasFailures: 0 },
    });
    // Starts like a ZIP, so its upload is verified; what it holds is no workbook.
    const junk = await storeOwnFile(t.clientId, { bytes: Buffer.from("PK\u0003\u0004 this is no spreadsheet"), name: "坏.xlsx", kind: "excel" });
    // In the bucket but never confirmed (a presigned PUT without POST /uploader/confirm): no file to import.
    const unconfirmedBytes = Buffer.from("PK\u0003\u0004 never confirmed");
    const unconfirmed = `${t.clientId}/${createHash("sha256").update(unconfirmedBytes).digest("hex")}.xlsx`;
    await putObject(
      unconfirmed,
      unconfirmedBytes,
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      createHash("md5").update(unconfirmedBytes).digest("base64"),
    );
    expect((await admin.post(IMPORT, { shop: code(t, "广州天河店"), excelPath: unconfirmed })).body).toEqual({ code: "404", desc: "文件不存在或已被删除" });
    expect(await importAndWait({ shop: code(t, "广州天河店"), excelPath: junk })).toMatchObject({ code: "400", desc: "文件内容无法读取，请使用导入模板保存的xlsx文件" });
    const u = await t.userWith({ [FN.clients]: "AED" });
    expect((await as(u.token, FN.clients).post(IMPORT, { shop: code(t, "广州天河店"), excelPath: noHeader })).body).toEqual({ code: "403", desc: "你无操作权限" });
    const store = await t.userWith({ [FN.clients]: "S" }, { deptCodes: [code(t, "上海浦东店")] });
    expect((await as(store.token, FN.clients).post(IMPORT, { shop: code(t, "广州天河店"), excelPath: noHeader })).body.desc).toBe("你没有该部门的操作权限");
  });

  it("imports good rows, reports bad and duplicate ones, and offers them as a sheet (R296)", async () => {
    await channel("web", "网站");
    const existing = await newClient(t, { clientName: "老客户", mobile: "13911110000", shop: code(t, "广州天河店") });
    const key = await upload(t.clientId, [
      ["赵一", "13911110001", "男", 30, "", "天河路1号", "web", "好客户"],
      ["", "13911110002"],
      ["钱二", ""],
      ["孙三", "1391111"],
      ["李四", "13911110000"], // already a client of this shop
      ["周五", "139 1111 0005", "女", "二十"],
      ["吴六", "13911110006", "女", 28],
      ["郑七", "13911110006"], // twice in the file
      [],
      ["王八", "+8613911110008"],
    ]);
    const jobId = "job-0001-import";
    const r = await importAndWait({ shop: code(t, "广州天河店"), excelPath: `/uploader/files/${key}`, excelName: "客户.xlsx", jobId });
    expect(r.code).toBe("200");
    expect(r.data).toMatchObject({ jobId, total: 9, successCount: 3, failCount: 6, hasFailures: 1 });
    expect(r.data.desc).toBe(
      "共9条，成功3条，失败6条。第3行：客户姓名不能为空；第4行：手机号码不能为空；第5行：输入的手机号不正确；第6行：该门店已存在此手机号码的客户；第7行：年龄必须是0到150之间的整数；第9行：文件中手机号码重复（可下载失败记录）",
    );

    const list = await asAdmin(t).get("/xiangyu/api/client/clientlist", { shop: code(t, "广州天河店") });
    const names = list.body.dataList.map((c: any) => c.clientName);
    expect(names).toEqual(expect.arrayContaining(["赵一", "吴六", "王八", "老客户"]));
    expect(list.body.pageParams.maxCount).toBe(4);
    expect(list.body.dataList.find((c: any) => c.clientName === "赵一")).toMatchObject({
      mobile: "13911110001",
      sex: "男",
      age: 30,
      address: "天河路1号",
      clientSource: "web",
      remark: "好客户",
      status: 1,
    });
    expect(list.body.dataList.find((c: any) => c.clientName === "王八").mobile).toBe("13911110008");
    expect(existing.clientName).toBe("老客户");

    const progress = await asAdmin(t).get("/xiangyu/api/client/importprogress", { jobId });
    expect(progress.body.data).toMatchObject({ state: "done", rowsDone: 9, total: 9, successCount: 3, failCount: 6, hasFailures: 1 });

    const report = await asAdmin(t).get("/xiangyu/api/client/importfailures", { jobId });
    expect(report.body.data.name).toBe("导入失败记录-客户.xlsx");
    const rows = await readSheet(await download(report.body.data.url));
    expect(rows[0]).toEqual(["行号", "姓名", "手机号", "性别", "年龄", "身份证号", "地址", "客户来源", "备注", "失败原因"]);
    expect(rows.slice(1).map((x) => [x[0], x[1], x[9]])).toEqual([
      ["3", "", "客户姓名不能为空"],
      ["4", "钱二", "手机号码不能为空"],
      ["5", "孙三", "输入的手机号不正确"],
      // In sheet order, though the duplicate in the store is found later, when the batch is written.
      ["6", "李四", "该门店已存在此手机号码的客户"],
      ["7", "周五", "年龄必须是0到150之间的整数"],
      ["9", "郑七", "文件中手机号码重复"],
    ]);

    // The same job id cannot be run twice; another tenant cannot read the job.
    expect((await asAdmin(t).post(IMPORT, { shop: code(t, "广州天河店"), excelPath: key, jobId })).body.desc).toBe("导入任务已存在");
    const other = await testTenant();
    expect((await asAdmin(other).get("/xiangyu/api/client/importprogress", { jobId })).body.desc).toBe("导入任务不存在");
  });

  it("answers the request once the job is accepted, before the rows are imported (no API Gateway 30 s limit)", async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => [`异步${i}`, `136${String(i).padStart(8, "0")}`]);
    const key = await upload(t.clientId, rows);
    const jobId = "job-async-0001";
    const r = await asAdmin(t).post(IMPORT, { shop: code(t, "珠海香洲店"), excelPath: key, jobId });
    expect(r.body).toMatchObject({ code: "200", desc: "导入已开始", data: { jobId, state: "running", rowsDone: 0, successCount: 0 } });
    // The reply came back while the worker still had every row to write: progress says running,
    // and the store has fewer clients than the sheet.
    const first = await asAdmin(t).get("/xiangyu/api/client/importprogress", { jobId });
    expect(first.body.data.state).toBe("running");
    const during = await asAdmin(t).get("/xiangyu/api/client/clientlist", { shop: code(t, "珠海香洲店") });
    expect(during.body.pageParams.maxCount).toBeLessThan(1200);
    expect(await finished(jobId)).toMatchObject({ state: "done", total: 1200, rowsDone: 1200, successCount: 1200 });
    const after = await asAdmin(t).get("/xiangyu/api/client/clientlist", { shop: code(t, "珠海香洲店") });
    expect(after.body.pageParams.maxCount).toBe(1200);
  }, 300_000);

  it("reports a job whose worker went silent (a crash, a timeout) as interrupted, so polling ends", async () => {
    const jobId = "job-lost-0001";
    await startJob(t.clientId, jobId, { userId: 1, shop: code(t, "广州天河店"), excelName: "lost.xlsx" }); // no worker started
    const progress = () => asAdmin(t).get("/xiangyu/api/client/importprogress", { jobId });
    expect((await progress()).body.data.state).toBe("running");
    setClockOffset(SILENT_JOB_MS + 60_000);
    try {
      expect((await progress()).body.data).toMatchObject({ state: "failed", desc: "导入中断，请重试" });
    } finally {
      setClockOffset(0);
    }
  });

  it("streams a larger sheet in batches and counts every row", async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => [`批量${i}`, `135${String(i).padStart(8, "0")}`]);
    const key = await upload(t.clientId, rows);
    const r = await importAndWait({ shop: code(t, "深圳南山店"), excelPath: key });
    if (r.code !== "200") console.log(JSON.stringify(r));
    expect(r.data).toMatchObject({ total: 1200, successCount: 1200, failCount: 0, hasFailures: 0, desc: "共1200条，成功1200条，失败0条" });
    const list = await asAdmin(t).get("/xiangyu/api/client/clientlist", { shop: code(t, "深圳南山店"), pageSize: 50, currentPage: 3 });
    expect(list.body.pageParams.maxCount).toBe(1200);
    expect(list.body.dataList).toHaveLength(50);
    expect((await asAdmin(t).get("/xiangyu/api/client/searchclient", { keyword: "13500000777" })).body.dataList[0].clientName).toBe("批量777");
    const none = await asAdmin(t).get("/xiangyu/api/client/importfailures", { jobId: r.data.jobId });
    expect(none.body.desc).toBe("没有导入失败的记录");
  }, 300_000);
});

describe("import rows as the client form takes them (issue 12)", () => {
  it("maps 客户来源 to a channel by code or name, 性别 to the form's values, checks the form's formats and reports failures in sheet order", async () => {
    await channel("walkin", "到店咨询");
    await channel("online", "线上推广");
    const shop = code(t, "深圳南山店");
    await newClient(t, { clientName: "南山老客", mobile: "13922220004", shop });
    const key = await upload(t.clientId, [
      ["冯一", "13922220001", "男性", 41, "11010519491231002x", "南山路1号", "到店咨询", ""],
      ["陈二", "13922220002", "F", "", "", "", "ONLINE", ""],
      ["褚三", "13922220003", "未知", "", "", "", "电视广告", ""],
      ["卫四", "13922220004", "男", "", "", "", "", ""], // already a client of this store: found when written
      ["蒋五", "13922220005", "中", "", "", "", "", ""],
      ["沈六", "13922220006", "女", 151, "", "", "", ""],
      ["韩七", "13922220007", "女", "", "110105194912310021", "", "", ""],
      ["杨八", "12922220008"],
      ["朱九", "13922220009", "", "", "", "", "渠".repeat(60), ""], // once cut to 50 characters and stored
    ]);
    const r = await importAndWait({ shop, excelPath: key, excelName: "映射.xlsx" });
    expect(r.data).toMatchObject({ total: 9, successCount: 2, failCount: 7 });
    const report = await asAdmin(t).get("/xiangyu/api/client/importfailures", { jobId: r.data.jobId });
    const rows = await readSheet(await download(report.body.data.url));
    expect(rows.slice(1).map((x) => [x[0], x[9]])).toEqual([
      ["4", "客户来源“电视广告”不是已有的渠道，请填写渠道编码或名称"],
      ["5", "该门店已存在此手机号码的客户"],
      ["6", "性别只能填写男、女或未知"],
      ["7", "年龄必须是0到150之间的整数"],
      ["8", "身份证号码校验位不正确"],
      ["9", "输入的手机号不正确"],
      ["10", `客户来源“${"渠".repeat(60)}”不是已有的渠道，请填写渠道编码或名称`],
    ]);

    const list = await asAdmin(t).get("/xiangyu/api/client/clientlist", { shop, keyword: "冯一" });
    expect(list.body.dataList[0]).toMatchObject({ clientName: "冯一", sex: "男", age: 41, idCard: "11010519491231002X", clientSource: "walkin", status: 1 });
    const chen = (await asAdmin(t).get("/xiangyu/api/client/clientlist", { shop, keyword: "陈二" })).body.dataList[0];
    expect(chen).toMatchObject({ sex: "女", clientSource: "online" });
  });

  it("imports a client that edits like one created by hand: opened and saved unchanged, it keeps every value", async () => {
    await channel("referral", "老客推荐");
    const shop = code(t, "广州天河店");
    const key = await upload(t.clientId, [["许手工", "13933330001", "女", 36, "440106199003071231", "天河北路8号", "老客推荐", "导入备注"]]);
    const r = await importAndWait({ shop, excelPath: key });
    expect(r.data).toMatchObject({ successCount: 1, failCount: 0 });
    const id = (await asAdmin(t).get("/xiangyu/api/client/searchclient", { keyword: "13933330001" })).body.dataList[0].id;
    const before = (await asAdmin(t).get("/xiangyu/api/client/clientview", { id })).body.data;
    // What the console's form sends: every field of the form, as the view gave it.
    const FORM = [
      "id",
      "clientName",
      "mobile",
      "status",
      "shop",
      "memberCode",
      "sex",
      "age",
      "idCard",
      "email",
      "province",
      "city",
      "county",
      "address",
      "marketer",
      "clientSource",
      "maritalStatus",
      "jobType",
      "memberLevel",
      "remark",
    ];
    const saved = await asAdmin(t).post("/xiangyu/api/client/clientsave", Object.fromEntries(FORM.map((k) => [k, before[k]])));
    expect(saved.body.code, JSON.stringify(saved.body)).toBe("200");
    const after = (await asAdmin(t).get("/xiangyu/api/client/clientview", { id })).body.data;
    expect(Object.fromEntries(FORM.map((k) => [k, after[k]]))).toEqual(Object.fromEntries(FORM.map((k) => [k, before[k]])));
    expect(after).toMatchObject({ sex: "女", age: 36, idCard: "440106199003071231", clientSource: "referral", address: "天河北路8号", remark: "导入备注" });
  });
});

/** Downloads a presigned link as the browser would. */
async function download(url: string): Promise<Buffer> {
  const r = await fetch(url);
  expect(r.status).toBe(200);
  return Buffer.from(await r.arrayBuffer());
}
