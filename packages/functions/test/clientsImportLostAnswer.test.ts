import { describe, it, expect, beforeAll, vi } from "vitest";
import ExcelJS from "exceljs";
import { randomUUID } from "node:crypto";
import { storeOwnFile } from "@xiangyu/core/files/service";
import { startJob, getJob } from "@xiangyu/core/clients/import/jobs";
import { runImport } from "@xiangyu/core/clients/import/importer";
import { importKey } from "@xiangyu/core/clients/import/accept";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { DynamoLite } from "@xiangyu/core/kernel/dynamoLite/client";
import { testTenant } from "./harness.ts";
import { asAdmin, code } from "./clientsHelpers.ts";

// The small DynamoDB client, asked for before the entities' modules build it (kernel/aws.ts dynamo()).
vi.hoisted(() => {
  process.env.XY_DYNAMO_CLIENT = "lite";
});

let t: Awaited<ReturnType<typeof testTenant>>;
/** While set, every transaction that commits is sent again with the same wire input, as the client's retry after a lost answer sends it. */
let losingAnswers = false;
let resent = 0;

beforeAll(async () => {
  t = await testTenant();
  const db = dynamo() as unknown as DynamoLite;
  db.middlewareStack.add((next, { commandName }) => async (args) => {
    const first = await next(args);
    if (!losingAnswers || commandName !== "TransactWriteItemsCommand") return first;
    resent++;
    return next(args);
  });
});

const storeTotal = async () => (await asAdmin(t).get("/xiangyu/api/client/clientlist", { shop: code(t, "广州天河店") })).body.pageParams.maxCount;
const clientsNamed = async (prefix: string) => (await asAdmin(t).get("/xiangyu/api/client/clientlist", { keyword: prefix, pageSize: 100 })).body.pageParams.maxCount;

describe("an import under the small DynamoDB client when a committed transaction's answer is lost (issue 39)", () => {
  it("finishes with each row once: the client's retry of a commit is answered as the commit, not as a slice taken by another run", async () => {
    expect(dynamo()).toBeInstanceOf(DynamoLite);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("客户");
    ws.addRow(["姓名", "手机号", "性别", "年龄", "身份证号", "地址", "客户来源", "备注"]);
    for (let i = 0; i < 12; i++) ws.addRow([`失答${i}`, `1396543${String(i).padStart(4, "0")}`]);
    const excelPath = await storeOwnFile(t.clientId, { bytes: Buffer.from(await wb.xlsx.writeBuffer()), name: "客户.xlsx", kind: "excel" });
    const jobId = randomUUID();
    const shop = code(t, "广州天河店");
    await startJob(t.clientId, jobId, { userId: 1, shop, excelName: "客户.xlsx" });
    const before = await storeTotal();

    losingAnswers = true;
    const result = await runImport({ tenantId: t.clientId, userId: 1, jobId, shop, key: importKey(t.clientId, excelPath), excelName: "客户.xlsx", tuning: { sliceRows: 5 } });
    losingAnswers = false;

    expect(result).toMatchObject({ total: 12, successCount: 12, failCount: 0 });
    expect(await getJob(t.clientId, jobId)).toMatchObject({ state: "done", total: 12, successCount: 12, failCount: 0, failureKey: "" });
    expect(await clientsNamed("失答")).toBe(12);
    // The tallies moved with the checkpoints once each.
    expect(await storeTotal()).toBe(before + 12);
    // Three slices: each one's writes and its checkpoint were sent twice.
    expect(resent).toBeGreaterThanOrEqual(6);
  });
});
