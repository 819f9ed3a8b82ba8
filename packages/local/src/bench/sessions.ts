import { randomUUID } from "node:crypto";
import { LoginLog, Session } from "@xiangyu/core/auth/entities";
import { LOGINLOG_TOTALS } from "@xiangyu/core/auth/loginLog";
import { addTotal, nextIds } from "@xiangyu/core/kernel/counters";
import { formatDate, formatDateTime } from "@xiangyu/core/kernel/clock";
import { benchTenant } from "./tenant.ts";
import { gatewayClient, expectOk } from "./http.ts";
import { compare, pool, type Plan } from "./timing.ts";
import { table } from "./markdown.ts";
import { ms } from "./stats.ts";
import { TARGETS } from "./targets.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * The sign-in security lists of issue 13 at 100,000 entries each: the login log (newest first,
 * filtered by result, user and dates) and the online sessions (newest first), page 1 and page 50
 * through the gateway. Seeded straight to the table (batches of 25), the same items and tallies
 * recordLogin and openSession leave.
 */
const LOGINLOG_FN = 2502;
const ONLINE_FN = 2503;
const PAGE_SIZE = 20;
const BATCH = 25;
const IN_FLIGHT = 16;
const USERS = 50;

async function seed(tenantId: string, count: number, log: (s: string) => void) {
  const first = await nextIds(tenantId, "loginlog", count);
  const now = Date.now();
  const batches = Math.ceil(count / BATCH);
  let fails = 0;
  const byUser = new Map<number, number>();
  // Entries a minute apart back from now: 100,000 cover about ten weeks.
  await pool(batches, IN_FLIGHT, async (b) => {
    const logs = [];
    const sessions = [];
    for (let i = b * BATCH; i < Math.min(count, (b + 1) * BATCH); i++) {
      const at = now - (count - i) * 60_000;
      const userId = 1000 + (i % USERS);
      const ok = i % 5 !== 0;
      if (!ok) fails++;
      byUser.set(userId, (byUser.get(userId) ?? 0) + 1);
      logs.push({
        tenantId,
        id: first + i,
        userId,
        username: `user${userId}`,
        ip: `10.1.${i % 250}.${i % 200}`,
        agent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0",
        result: ok ? ("ok" as const) : ("fail" as const),
        reason: ok ? "" : "密码错误",
        createTime: formatDateTime(at),
      });
      // Live sessions: seen within the idle limit, expiring tomorrow.
      const seen = now - (i % 60) * 1000;
      sessions.push({
        tenantId,
        userId,
        sessionId: randomUUID(),
        username: `user${userId}`,
        createTime: formatDateTime(now - (count - i) * 50),
        ip: "10.2.0.1",
        agent: "Mozilla/5.0 (Macintosh; Mac OS X 14_0) Safari/605.1",
        startedAt: now - (count - i) * 50,
        lastSeenAt: seen,
        expiresAt: Math.floor(now / 1000) + 86_400,
        expiresDay: formatDate(now + 86_400_000),
      });
    }
    const [a, s] = await Promise.all([LoginLog.put(logs).go(), Session.put(sessions).go()]);
    if (a.unprocessed.length || s.unprocessed.length) throw new Error("sessions seed: items not written");
    if ((b + 1) % 1000 === 0) log(`  ${((b + 1) * BATCH).toLocaleString("en")} / ${count.toLocaleString("en")} entries and sessions`);
  });
  await Promise.all([
    addTotal(tenantId, LOGINLOG_TOTALS.all, count),
    addTotal(tenantId, LOGINLOG_TOTALS.result("fail"), fails),
    addTotal(tenantId, LOGINLOG_TOTALS.result("ok"), count - fails),
    ...[...byUser].map(([u, n]) => addTotal(tenantId, LOGINLOG_TOTALS.user(u), n)),
  ]);
}

export const area: BenchArea = {
  title: "Sign-in security lists: login log and online sessions",
  async run({ quick, stack, log }) {
    const count = quick ? 2_000 : 100_000;
    const deep = quick ? 5 : 50;
    const plan: Plan = quick ? { warmup: 3, iterations: 20 } : { warmup: 20, iterations: TARGETS.samples };
    const gw = gatewayClient(stack!.baseUrl);
    const t = await benchTenant(gw, "benchsessions");
    const t0 = Date.now();
    await seed(t.tenantId, count, log);
    log(`seeded ${count.toLocaleString("en")} login-log entries and sessions in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const weekAgo = formatDate(Date.now() - 7 * 86_400_000);
    const scenarios: Array<{ name: string; path: string; fn: number; query: Record<string, string | number> }> = [
      { name: "login log, page 1", path: "/gateway/api/manage/loginlog/list", fn: LOGINLOG_FN, query: { currentPage: 1 } },
      { name: `login log, page ${deep}`, path: "/gateway/api/manage/loginlog/list", fn: LOGINLOG_FN, query: { currentPage: deep } },
      { name: "login log, failures, page 1", path: "/gateway/api/manage/loginlog/list", fn: LOGINLOG_FN, query: { currentPage: 1, result: "fail" } },
      { name: "login log, one user, page 1", path: "/gateway/api/manage/loginlog/list", fn: LOGINLOG_FN, query: { currentPage: 1, userId: 1007 } },
      { name: "login log, last 7 days, page 1", path: "/gateway/api/manage/loginlog/list", fn: LOGINLOG_FN, query: { currentPage: 1, from: weekAgo } },
      { name: "online sessions, page 1", path: "/gateway/api/manage/online/list", fn: ONLINE_FN, query: { currentPage: 1 } },
      { name: `online sessions, page ${deep}`, path: "/gateway/api/manage/online/list", fn: ONLINE_FN, query: { currentPage: deep } },
    ];
    const rows: string[][] = [];
    const checks: Check[] = [];
    for (const s of scenarios) {
      log(`scenario: ${s.name}`);
      const call = async () => expectOk(await gw.get(s.path, { query: { pageSize: PAGE_SIZE, ...s.query }, headers: t.headers(s.fn) }), s.name);
      const first = await call();
      if (first.body.dataList?.length !== PAGE_SIZE) throw new Error(`${s.name}: ${first.body.dataList?.length} rows`);
      const p = first.body.pageParams;
      const { gateway } = await compare({ gateway: call }, plan);
      rows.push([s.name, `${p.maxCount.toLocaleString("en")}${p.totalCapped ? "+" : ""}`, ms(gateway.p50), ms(gateway.p95)]);
      checks.push({ what: `${s.name} (gateway p95)`, target: `≤ ${TARGETS.listP95Ms} ms`, actual: `${ms(gateway.p95)} ms`, pass: gateway.p95 <= TARGETS.listP95Ms });
    }
    return {
      dataset: `${count.toLocaleString("en")} login-log entries (${USERS} users, one in five a failure, a minute apart) and ${count.toLocaleString("en")} live sessions in one tenant`,
      body: [
        "Through the gateway, page size 20, milliseconds. Totals without a date filter are kept tallies; the online list and date ranges count to the kernel's cap (1,000+).",
        "",
        table(["scenario", " total shown", " p50", " p95"], rows),
      ].join("\n"),
      checks,
    };
  },
};
