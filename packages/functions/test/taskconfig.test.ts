import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createHmac, randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { markPlatformTenant } from "@xiangyu/core/platform/operator";
import { ScheduledTask, TaskLease, TaskRun } from "@xiangyu/core/platform/tasks/entities";
import { TASK_MSG, TaskInput } from "@xiangyu/core/platform/tasks/schemas";
import { localScheduleOf } from "@xiangyu/core/platform/tasks/schedulePort";
import { setRetryPause } from "@xiangyu/core/platform/tasks/run";
import { sandboxReceived, setHttpSandboxRule } from "@xiangyu/core/platform/tasks/httpPush";
import { setClockOffset, shanghai } from "@xiangyu/core/kernel/clock";
import { routes } from "../src/platformConfig/routes.ts";
import { handler as runTaskNow } from "../src/jobs/taskRunner.ts";
import { tickTasks } from "../../local/src/twin/scheduler.ts";
import { get, post, testTenant } from "./harness.ts";
import { editOf } from "./editForm.ts";

/** Scheduled tasks (R476–R483) through the platformConfig Lambda, and their runs on the local scheduler. */
const TASK_FN = 1106;
const T = "/gateway/api/manage/platform/taskconfig";
const MINUTE = 60_000;

let op: Awaited<ReturnType<typeof testTenant>>;
let other: Awaited<ReturnType<typeof testTenant>>;
type Form = Record<string, string | number>;
const opGet = (path: string, query: Form = {}) => get(path, { token: op.adminToken, functionId: TASK_FN, query });
const opPost = (path: string, form: Form = {}) => post(path, { token: op.adminToken, functionId: TASK_FN, form });
const code = () => `T${randomBytes(4).toString("hex")}`;
const taskForm = (more: Form = {}): Form => ({ apicode: code(), apiThreadClass: "sessionSweep", apiname: "会话清理", runround: "1", ...more });

async function newTask(more: Form = {}) {
  const r = await opPost(`${T}/save`, taskForm(more));
  expect(r.body).toMatchObject({ code: "200", desc: "保存成功" });
  return r.body.data as { id: number; apicode: string } & Record<string, any>;
}
const view = async (id: number) => (await opGet(`${T}/view`, { id })).body.data;
/** The whole form of a task's edit (taskconfig/save is a whole-record save): its view (the key masked, which keeps it), with `changes` over it. */
const edited = async (id: number, changes: Form = {}): Promise<Form> => editOf(TaskInput, await view(id), { id, ...changes });
const runsOf = async (id: number, query: Form = {}) => (await opGet(`${T}/runs`, { id, ...query })).body;

let offset = 0;
/** Moves the clock forward (never back: a lease's last start must stay in the past). */
const advance = (ms: number) => setClockOffset((offset += ms));

beforeAll(async () => {
  [op, other] = await Promise.all([testTenant(), testTenant()]);
  await markPlatformTenant(op.clientId);
  setRetryPause(5);
}, 60_000);
afterEach(() => setHttpSandboxRule(null));
afterAll(() => setClockOffset(0));

describe("only the platform operator, with the screen's letters", () => {
  it.each(Object.keys(routes).filter((k) => k.includes("/taskconfig/")))("%s answers a tenant's own administrator 你无操作权限", async (key) => {
    const [method, path] = key.split(" ") as ["GET" | "POST", string];
    const r =
      method === "GET"
        ? await get(path, { token: other.adminToken, functionId: TASK_FN, query: { id: 1 } })
        : await post(path, { token: other.adminToken, functionId: TASK_FN, form: { ...taskForm(), ids: "1", istate: 1 } });
    expect(r.body).toMatchObject({ code: "403", desc: "你无操作权限" });
  });

  it("A to add, E to edit, P to enable or disable, D to delete", async () => {
    const t = await newTask({ istate: 0 });
    const viewer = await op.userWith({ [TASK_FN]: "" }, { managelevel: 1 });
    const as = (form: Form, path = "save") => post(`${T}/${path}`, { token: viewer.token, functionId: TASK_FN, form });
    expect((await as(taskForm())).body).toMatchObject({ code: "403", desc: "你没有新增权限" });
    expect((await as(await edited(t.id))).body).toMatchObject({ code: "403", desc: "你没有修改权限" });
    expect((await as({ ids: String(t.id), istate: 1 }, "passed")).body).toMatchObject({ code: "403", desc: "你没有启禁用权限" });
    expect((await as({ ids: String(t.id) }, "delete")).body).toMatchObject({ code: "403", desc: "你没有删除权限" });
    // The list and the run log only need the screen.
    expect((await get(`${T}/list`, { token: viewer.token, functionId: TASK_FN })).body.code).toBe("200");
    expect((await get(`${T}/runs`, { token: viewer.token, functionId: TASK_FN, query: { id: t.id } })).body.code).toBe("200");
  });
});

describe("the form (R476–R483)", () => {
  it.each([
    ["apicode", "", TASK_MSG.apicode],
    ["apicode", "ab_c", TASK_MSG.apicodeBad],
    ["apiThreadClass", "", TASK_MSG.apiThreadClass],
    ["apiThreadClass", "com.example.Thread", TASK_MSG.apiThreadClassBad],
    ["apiname", " ", TASK_MSG.apiname],
    ["runround", "", TASK_MSG.runround],
    ["runround", "一分钟", TASK_MSG.runroundBad],
    ["starthour", "24", TASK_MSG.hourBad],
    ["addressip", "10.0.0.1 10.0.0.2", TASK_MSG.whitelistBad],
    ["datacount", "0", TASK_MSG.datacountBad],
    ["pushcount", "-1", TASK_MSG.pushcountBad],
  ])("%s = %j → %s, nothing stored", async (field, value, desc) => {
    const before = (await opGet(`${T}/list`)).body.pageParams.maxCount;
    expect((await opPost(`${T}/save`, taskForm({ [field]: value }))).body).toMatchObject({ code: "400", desc });
    expect((await opGet(`${T}/list`)).body.pageParams.maxCount).toBe(before);
  });

  it("the HTTP push class needs its address", async () => {
    expect((await opPost(`${T}/save`, taskForm({ apiThreadClass: "httpPush" }))).body).toMatchObject({ code: "400", desc: TASK_MSG.url });
    expect((await opPost(`${T}/save`, taskForm({ apiThreadClass: "httpPush", url: "partner.example.com" }))).body).toMatchObject({ desc: TASK_MSG.urlBad });
  });

  it("R483's defaults; decimals kept; the HTTP push fields only for that class; the key sealed and masked", async () => {
    const t = await newTask({ runround: "0.5", url: "https://x.example.com", servicecode: "SC", servicekey: "k" });
    expect(t).toMatchObject({ datacount: 1000, pushcount: 3, starthour: 0, endhour: 23, istate: 1, runround: 0.5, everyMinutes: 1, url: "", servicecode: "", servicekey: "" });
    const h = await newTask({ apiThreadClass: "httpPush", url: "https://x.example.com/in", servicecode: "SC1", servicekey: "key-1", datacount: 5, istate: 0 });
    expect(h).toMatchObject({ url: "https://x.example.com/in", servicecode: "SC1", servicekey: "******", datacount: 5, classLabel: "第三方HTTP推送" });
    const stored = (await ScheduledTask.get({ id: h.id }).go()).data!;
    expect(stored.servicekey).not.toContain("key-1");
    // An edit leaving the key blank (or the mask) keeps it; moving to another class drops the push fields.
    await opPost(`${T}/save`, await edited(h.id, { apiThreadClass: "httpPush", url: "https://y.example.com", servicekey: "******" }));
    expect((await ScheduledTask.get({ id: h.id }).go()).data!.servicekey).toBe(stored.servicekey);
    const moved = (await opPost(`${T}/save`, await edited(h.id, { apiThreadClass: "refundSettle", url: "https://y.example.com" }))).body.data;
    expect(moved).toMatchObject({ apiThreadClass: "refundSettle", url: "", servicecode: "", servicekey: "" });
  });

  it("the code is unique and locked once saved (R476), also when 20 saves race for one code", async () => {
    const t = await newTask({ istate: 0 });
    expect((await opPost(`${T}/save`, taskForm({ apicode: t.apicode }))).body).toMatchObject({ code: "409", desc: TASK_MSG.apicodeTaken });
    expect((await opPost(`${T}/save`, await edited(t.id, { apicode: `${t.apicode}x` }))).body).toMatchObject({ code: "400", desc: TASK_MSG.apicodeLocked });
    const shared = code();
    const replies = await Promise.all(Array.from({ length: 20 }, () => opPost(`${T}/save`, taskForm({ apicode: shared, istate: 0 }))));
    expect(replies.filter((r) => r.body.code === "200")).toHaveLength(1);
    expect(replies.filter((r) => r.body.desc === TASK_MSG.apicodeTaken)).toHaveLength(19);
    const listed = (await opGet(`${T}/list`, { keyword: shared })).body.dataList;
    expect(listed).toHaveLength(1);
  });

  it("lists with paging, filter and keyword; a missing task says so", async () => {
    const mark = code();
    for (let i = 0; i < 3; i++) await newTask({ apiname: `${mark}任务${i}`, istate: i === 0 ? 0 : 1, runround: "0" });
    const page = (await opGet(`${T}/list`, { keyword: mark, pageSize: 20, currentPage: 1 })).body;
    expect(page.pageParams.maxCount).toBe(3);
    expect((await opGet(`${T}/list`, { keyword: mark, istate: 0 })).body.dataList.map((t: any) => t.apiname)).toEqual([`${mark}任务0`]);
    expect((await opGet(`${T}/view`, { id: 999999 })).body).toMatchObject({ code: "404", desc: TASK_MSG.missing });
  });
});

describe("a task is its schedule", () => {
  it("saving, enabling, disabling and deleting create, update and remove it", async () => {
    const t = await newTask({ runround: "1" });
    expect(localScheduleOf(t.id)).toEqual({ expression: "rate(1 minute)", timezone: "Asia/Shanghai" });
    await opPost(`${T}/save`, await edited(t.id, { runround: "5", starthour: 8, endhour: 20 }));
    expect(localScheduleOf(t.id)?.expression).toBe("cron(0/5 8-20 * * ? *)");
    expect((await opPost(`${T}/passed`, { ids: String(t.id), istate: 0 })).body).toMatchObject({ code: "200", desc: "停用成功" });
    expect(localScheduleOf(t.id)).toBeUndefined();
    expect((await opPost(`${T}/passed`, { ids: String(t.id), istate: 1 })).body).toMatchObject({ code: "200", desc: "启用成功" });
    expect(localScheduleOf(t.id)?.expression).toBe("cron(0/5 8-20 * * ? *)");
    await opPost(`${T}/save`, await edited(t.id, { runround: "0" }));
    expect(localScheduleOf(t.id)).toBeUndefined();
    await opPost(`${T}/save`, await edited(t.id, { runround: "2" }));
    expect((await opPost(`${T}/delete`, { ids: String(t.id) })).body).toMatchObject({ code: "200", desc: "删除成功" });
    expect(localScheduleOf(t.id)).toBeUndefined();
    expect((await opGet(`${T}/view`, { id: t.id })).body.desc).toBe(TASK_MSG.missing);
  });
});

describe("runs on the local scheduler", () => {
  it("a 1-minute task runs, writes its heartbeat and run log, runs again a minute later, and stops once disabled", async () => {
    const t = await newTask({ runround: "1" });
    const mine = async () => (await tickTasks()).filter((r) => r.taskId === t.id);
    const [first] = await mine();
    expect(first).toMatchObject({ ran: true, seq: 1, outcome: "success", attempts: 1 });
    const seen = await view(t.id);
    expect(seen.heartbeat).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(seen).toMatchObject({ lastOutcome: "success" });
    const listed = (await opGet(`${T}/list`, { keyword: t.apicode })).body.dataList[0];
    expect(listed).toMatchObject({ heartbeat: seen.heartbeat, lastOutcome: "success" });

    // Half a minute later nothing is due; a minute later it runs again.
    advance(30_000);
    expect(await mine()).toEqual([]);
    advance(MINUTE);
    expect((await mine()).map((r) => r.ran && r.seq)).toEqual([2]);
    const log = await runsOf(t.id);
    expect(log.pageParams.maxCount).toBe(2);
    expect(log.dataList.map((r: any) => [r.seq, r.outcome])).toEqual([
      [2, "success"],
      [1, "success"],
    ]);
    expect(log.dataList[0].startTime <= log.dataList[0].endTime).toBe(true);

    await opPost(`${T}/passed`, { ids: String(t.id), istate: 0 });
    advance(5 * MINUTE);
    expect(await mine()).toEqual([]);
    expect(await runTaskNow({ taskId: t.id })).toMatchObject({ ran: false, reason: "disabled" });
    expect((await runsOf(t.id)).pageParams.maxCount).toBe(2);
  });

  it("two schedulers racing for one run make one run (20 at once, ticks and deliveries alike)", async () => {
    const t = await newTask({ runround: "1" });
    const deliveries = await Promise.all(Array.from({ length: 20 }, () => runTaskNow({ taskId: t.id })));
    expect(deliveries.filter((r) => r.ran)).toHaveLength(1);
    expect(deliveries.filter((r) => !r.ran && r.reason === "not due")).toHaveLength(19);
    advance(MINUTE);
    const ticks = (await Promise.all(Array.from({ length: 20 }, () => tickTasks()))).flat().filter((r) => r.taskId === t.id && r.ran);
    expect(ticks).toHaveLength(1);
    expect((await TaskLease.get({ taskId: t.id }).go()).data).toMatchObject({ runs: 2, until: 0, holder: "" });
    expect((await runsOf(t.id)).pageParams.maxCount).toBe(2);
  });

  it("runs only inside its hours and on a whitelisted runner", async () => {
    const h = Number(shanghai().format("HH"));
    const away = (h + 2) % 24 || 3;
    const outside = await newTask({ starthour: away, endhour: away });
    expect(await runTaskNow({ taskId: outside.id })).toMatchObject({ ran: false, reason: "outside hours" });
    const elsewhere = await newTask({ addressip: "some-other-host\n10.255.255.254" });
    expect(await runTaskNow({ taskId: elsewhere.id })).toMatchObject({ ran: false, reason: "whitelist" });
    const here = await newTask({ addressip: `10.255.255.254\n${hostname()}` });
    expect(await runTaskNow({ taskId: here.id })).toMatchObject({ ran: true, outcome: "success" });
  });
});

describe("the third-party HTTP push", () => {
  it("posts its datacount newest operation-log entries, signed with its key", async () => {
    const url = `https://partner-${code()}.example.com/in`;
    const t = await newTask({ apiThreadClass: "httpPush", url, servicecode: "SC9", servicekey: "s3cret", datacount: 2, pushcount: 0 });
    const run = await runTaskNow({ taskId: t.id });
    expect(run).toMatchObject({ ran: true, outcome: "success", records: 2, attempts: 1 });
    const [got] = sandboxReceived().filter((r) => r.url === url);
    const body = JSON.parse(got!.body);
    expect(body).toMatchObject({ servicecode: "SC9", task: t.apicode, count: 2 });
    // The newest entries of the operator's tenant: the last save (this task's) first.
    expect(body.records[0]).toMatchObject({ action: "新增定时任务", ids: String(t.id) });
    expect(Object.keys(body.records[0]).sort()).toEqual(["action", "createTime", "event", "id", "ids", "ip", "realname", "route", "username"]);
    expect(got!.headers["x-service-code"]).toBe("SC9");
    expect(got!.headers["x-service-sign"]).toBe(createHmac("sha256", "s3cret").update(got!.body).digest("hex"));
    expect(got!.body).not.toContain("s3cret");
  });

  it("a failing push is retried pushcount times, then logged as failed with its error", async () => {
    const url = `https://down-${code()}.example.com/in`;
    setHttpSandboxRule((r) => (r.url === url ? 503 : 200));
    const t = await newTask({ apiThreadClass: "httpPush", url, pushcount: 2 });
    expect(await runTaskNow({ taskId: t.id })).toMatchObject({ ran: true, outcome: "failed", attempts: 3, records: 0, error: "推送失败：HTTP 503" });
    expect(sandboxReceived().filter((r) => r.url === url)).toHaveLength(3);
    const [entry] = (await runsOf(t.id)).dataList;
    expect(entry).toMatchObject({ seq: 1, outcome: "failed", attempts: 3, error: "推送失败：HTTP 503" });
    expect(await view(t.id)).toMatchObject({ lastOutcome: "failed", lastError: "推送失败：HTTP 503" });

    // The partner recovers on the second try of the next run: one retry, a success.
    let calls = 0;
    setHttpSandboxRule((r) => (r.url === url && ++calls === 1 ? 500 : 200));
    advance(MINUTE);
    expect(await runTaskNow({ taskId: t.id })).toMatchObject({ ran: true, outcome: "success", attempts: 2 });
  });
});

describe("deleting a task", () => {
  it("removes its lease and run log", async () => {
    const t = await newTask({ runround: "1" });
    await runTaskNow({ taskId: t.id });
    expect((await TaskRun.query.byTask({ taskId: t.id }).go()).data).toHaveLength(1);
    await opPost(`${T}/delete`, { ids: String(t.id) });
    expect((await TaskRun.query.byTask({ taskId: t.id }).go()).data).toEqual([]);
    expect((await TaskLease.get({ taskId: t.id }).go()).data).toBeNull();
    expect(await runTaskNow({ taskId: t.id })).toMatchObject({ ran: false, reason: "missing" });
  });
});
