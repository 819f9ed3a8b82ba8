import { describe, it, expect, beforeAll, afterEach } from "vitest";
import { invoke } from "../src/http/invoke.ts";
import { get, testTenant } from "./harness.ts";
import { freshIp } from "./authHelpers.ts";
import { setClockOffset } from "@xiangyu/core/kernel/clock";
import { readTotal } from "@xiangyu/core/kernel/counters";
import { LOGINLOG_TOTALS } from "@xiangyu/core/auth/loginLog";

const LOGINLOG = 2502;
const AGENT = "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 测试浏览器";
const DAY = 86_400_000;

let t: Awaited<ReturnType<typeof testTenant>>;
beforeAll(async () => {
  t = await testTenant();
});
afterEach(() => setClockOffset(0));

async function signIn(username: string, password: string, ip = freshIp(), agent = AGENT) {
  const form = { grant_type: "password", client_id: t.clientId, client_secret: t.clientSecret, username, password, scope: "all" };
  const r = await invoke({
    method: "POST",
    url: "/gateway/oauth/login",
    headers: { host: "localhost", "content-type": "application/x-www-form-urlencoded", "user-agent": agent },
    body: Buffer.from(new URLSearchParams(form).toString()),
    ip,
  });
  return JSON.parse(r!.body!);
}

const page = (query: Record<string, string | number> = {}, token = t.adminToken) => get("/gateway/api/manage/loginlog/list", { token, functionId: LOGINLOG, query });

describe("the login log", () => {
  it("records every attempt: time, account, address, browser, and the result or its reason", async () => {
    const u = await t.userWith({});
    const ip = freshIp();
    expect((await signIn(u.username, "wrong-password1", ip)).desc).toBe("用户名或密码错误");
    expect((await signIn("nobody-here", "wrong-password1", ip)).desc).toBe("用户名或密码错误");
    expect((await signIn(u.username, u.password, ip)).code).toBe("200");

    const r = await page({ userId: u.user.id });
    expect(r.body.code).toBe("200");
    // Newest first: the success, then the wrong password (and the harness's own sign-in of userWith, oldest).
    const rows = r.body.dataList;
    expect(rows.slice(0, 2)).toMatchObject([
      { userId: u.user.id, username: u.username, ip, agent: AGENT, result: "ok", reason: "" },
      { userId: u.user.id, username: u.username, ip, agent: AGENT, result: "fail", reason: "密码错误" },
    ]);
    expect(rows[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(rows[0].id).toBeGreaterThan(rows[1].id);
    expect(r.body.pageParams.maxCount).toBe(3);
    // The unknown name is logged under the name typed.
    const failed = (await page({ result: "fail" })).body.dataList;
    expect(failed.find((x: any) => x.username === "nobody-here")).toMatchObject({ userId: 0, result: "fail", reason: "用户不存在", ip });
  });

  it("records a lockout with its reasons, the password check that filled it included", async () => {
    const u = await t.userWith({});
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await signIn(u.username, `wrong-${i}-password`, ip);
    expect((await signIn(u.username, u.password, ip)).code).toBe("423");
    const reasons = (await page({ userId: u.user.id, result: "fail" })).body.dataList.map((x: any) => x.reason);
    expect(reasons[0]).toBe("账号已锁定");
    expect(reasons[1]).toBe("连续5次密码错误，锁定15分钟");
    expect(reasons.filter((x: string) => x === "密码错误")).toHaveLength(4);
  });

  it("filters by user, result and dates, each total exact", async () => {
    const a = await t.userWith({});
    const b = await t.userWith({});
    // Two days ago: one failure of a; today: one failure of b (plus each one's sign-in by the harness, today).
    setClockOffset(-2 * DAY);
    await signIn(a.username, "not-the-password");
    setClockOffset(0);
    await signIn(b.username, "not-the-password");
    const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset).toISOString().slice(0, 10);

    const aAll = await page({ userId: a.user.id });
    expect(aAll.body.dataList.map((x: any) => x.result)).toEqual(["ok", "fail"]);
    const aToday = await page({ userId: a.user.id, from: day(0), to: day(0) });
    expect(aToday.body.dataList.map((x: any) => x.result)).toEqual(["ok"]);
    expect(aToday.body.pageParams.maxCount).toBe(1);
    const aBefore = await page({ userId: a.user.id, to: day(-DAY) });
    expect(aBefore.body.dataList.map((x: any) => [x.result, x.createTime.slice(0, 10)])).toEqual([["fail", day(-2 * DAY)]]);
    const bFailed = await page({ userId: b.user.id, result: "fail" });
    expect(bFailed.body.dataList).toHaveLength(1);
    expect(bFailed.body.pageParams.maxCount).toBe(1);
    // The whole log's days: yesterday holds nothing of ours.
    expect((await page({ from: day(-DAY), to: day(-DAY) })).body.pageParams.maxCount).toBe(0);
    // Totals without dates are the kept tallies.
    expect((await page()).body.pageParams.maxCount).toBe(await readTotal(t.clientId, LOGINLOG_TOTALS.all));
    expect((await page({ result: "ok" })).body.pageParams.maxCount).toBe(await readTotal(t.clientId, LOGINLOG_TOTALS.result("ok")));
  });

  it("pages newest first", async () => {
    const u = await t.userWith({});
    for (let i = 0; i < 4; i++) await signIn(u.username, `wrong-${i}-password`);
    const p1 = (await page({ userId: u.user.id, pageSize: 2, currentPage: 1 })).body;
    const p2 = (await page({ userId: u.user.id, pageSize: 2, currentPage: 2 })).body;
    const ids = [...p1.dataList, ...p2.dataList].map((x: any) => x.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(new Set(ids).size).toBe(4);
    expect(p1.pageParams).toMatchObject({ maxCount: 5, maxPage: 3 });
  });

  it("refuses bad filters in Chinese and callers without the screen", async () => {
    expect((await page({ result: "maybe" })).body).toEqual({ code: "400", desc: "登录结果不正确" });
    expect((await page({ from: "2026-05-02", to: "2026-05-01" })).body).toEqual({ code: "400", desc: "结束日期不能早于开始日期" });
    expect((await page({ from: "2026-13-01" })).body).toEqual({ code: "400", desc: "日期格式不正确" });
    const other = await t.userWith({ 2301: "R" });
    expect((await page({}, other.token)).status).toBe(403);
  });
});
