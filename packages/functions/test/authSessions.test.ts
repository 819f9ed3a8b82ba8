import { describe, it, expect, beforeAll, afterEach } from "vitest";
import { get, post, testTenant, ADMIN_PASSWORD } from "./harness.ts";
import { loginFrom, freshIp } from "./authHelpers.ts";
import { Session } from "@xiangyu/core/auth/entities";
import { endSessionsOf } from "@xiangyu/core/auth/service";
import { IDLE_MS, ABSOLUTE_MS, SEEN_EVERY_MS } from "@xiangyu/core/auth/sessions";
import { User } from "@xiangyu/core/users/entities";
import { setClockOffset } from "@xiangyu/core/kernel/clock";

const HOUR = 3600_000;
const MIN = 60_000;

let t: Awaited<ReturnType<typeof testTenant>>;
beforeAll(async () => {
  t = await testTenant();
});
afterEach(() => setClockOffset(0));

const info = (token: string) => get("/gateway/api/manage/users/info", { token });
const reLogin = (token: string) =>
  post("/gateway/oauth/login", { form: { grant_type: "reLogin", client_id: t.clientId, client_secret: t.clientSecret, scope: "all", access_token: token, appId: t.clientId } });
const REFUSED = { code: "401", desc: "无法重置帐号信息，请退出重新登录。" };

async function sessionsOf(userId: number) {
  const { data } = await Session.query.byUser({ tenantId: t.clientId, userId }).go();
  return data;
}

async function lastSeen(userId: number): Promise<number[]> {
  const { data } = await Session.query.byUser({ tenantId: t.clientId, userId }).go();
  return data.map((s) => s.lastSeenAt ?? 0);
}

describe("sessions end by time", () => {
  it("after two hours without a request", async () => {
    expect(IDLE_MS).toBe(2 * HOUR);
    const token = await t.token("admin", ADMIN_PASSWORD);
    setClockOffset(IDLE_MS - MIN);
    expect((await info(token)).status).toBe(200);
    setClockOffset(IDLE_MS - MIN + IDLE_MS + MIN);
    expect((await info(token)).status).toBe(401);
    // An idle session cannot be swapped for a fresh one either.
    expect((await reLogin(token)).body).toEqual(REFUSED);
  });

  it("last-seen is written at most every five minutes, and each write keeps the session two more hours", async () => {
    const u = await t.userWith({});
    const [start] = await lastSeen(u.user.id);
    setClockOffset(SEEN_EVERY_MS - MIN);
    expect((await info(u.token)).status).toBe(200);
    expect(await lastSeen(u.user.id)).toEqual([start]);
    setClockOffset(SEEN_EVERY_MS + MIN);
    expect((await info(u.token)).status).toBe(200);
    const [seen] = await lastSeen(u.user.id);
    expect(seen! - start!).toBeGreaterThanOrEqual(SEEN_EVERY_MS);
    setClockOffset(SEEN_EVERY_MS + MIN + IDLE_MS - MIN);
    expect((await info(u.token)).status).toBe(200);
  });

  it("seven days after the password sign-in, however active, and reLogin cannot stretch it", async () => {
    expect(ABSOLUTE_MS).toBe(7 * 24 * HOUR);
    const u = await t.userWith({});
    let token = u.token;
    let lastSwap = 0;
    for (let at = 1.9 * HOUR; at < ABSOLUTE_MS - 10 * MIN; at += 1.9 * HOUR) {
      setClockOffset(at);
      if (at - lastSwap > 9 * HOUR) {
        const r = await reLogin(token);
        expect(r.body.code).toBe("200");
        // A new token never outlives the session's absolute end.
        expect(r.body.data.expires_in * 1000).toBeLessThanOrEqual(ABSOLUTE_MS - at + 1000);
        token = r.body.data.access_token;
        lastSwap = at;
      }
      expect((await info(token)).status).toBe(200);
    }
    setClockOffset(ABSOLUTE_MS + MIN);
    expect((await info(token)).status).toBe(401);
    expect((await reLogin(token)).body).toEqual(REFUSED);
  }, 120_000);
});

describe("reLogin", () => {
  it("is refused for a locked account", async () => {
    const u = await t.userWith({});
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await loginFrom(t, ip, u.username, "Wrong-pass1");
    expect((await reLogin(u.token)).body).toEqual(REFUSED);
  }, 90_000);

  it("is refused for a disabled account", async () => {
    const u = await t.userWith({});
    await User.patch({ tenantId: t.clientId, id: u.user.id }).set({ status: 0 }).go();
    expect((await reLogin(u.token)).body).toEqual(REFUSED);
  });

  it("is refused for a deleted account", async () => {
    const u = await t.userWith({});
    await User.delete({ tenantId: t.clientId, id: u.user.id }).go();
    expect((await reLogin(u.token)).body).toEqual(REFUSED);
  });
});

describe("parallel reLogin", () => {
  it("of 20 sent at once with one token, exactly one gets a successor; the rest are refused and nothing else stays live", async () => {
    const u = await t.userWith({});
    const [before] = await sessionsOf(u.user.id);
    const replies = await Promise.all(Array.from({ length: 20 }, () => reLogin(u.token)));
    const won = replies.filter((r) => r.body.code === "200");
    expect(won).toHaveLength(1);
    expect(replies.filter((r) => r.body.code !== "200").map((r) => r.body)).toEqual(Array.from({ length: 19 }, () => REFUSED));
    // One session item: the successor, which keeps the old session's start (its absolute end).
    const live = await sessionsOf(u.user.id);
    expect(live).toHaveLength(1);
    expect(live[0]!.sessionId).not.toBe(before!.sessionId);
    expect(live[0]!.startedAt).toBe(before!.startedAt);
    expect((await info(u.token)).status).toBe(401);
    const successor = won[0]!.body.data.access_token as string;
    expect((await info(successor)).status).toBe(200);
    // Logging the successor out leaves nothing live.
    expect((await post("/gateway/oauth/logout", { token: successor })).status).toBe(200);
    expect(await sessionsOf(u.user.id)).toEqual([]);
    expect((await info(successor)).status).toBe(401);
  });
});

describe("endSessionsOf", () => {
  it("ends every session of one user and no other's; reads on the old claims answer 401 and show nothing", async () => {
    const u = await t.userWith({ "1201": "R" });
    const second = await t.token(u.username, u.password);
    const admin = await t.token("admin", ADMIN_PASSWORD);
    expect(await endSessionsOf(t.clientId, u.user.id)).toBe(2);
    expect((await info(u.token)).status).toBe(401);
    expect((await info(second)).status).toBe(401);
    const list = await get("/gateway/api/organization/list", { token: u.token, functionId: 1201, query: { orgType: "dept", parentId: 0 } });
    expect(list.status).toBe(401);
    expect(list.body.dataList).toBeUndefined();
    expect((await reLogin(second)).body).toEqual(REFUSED);
    expect((await info(admin)).status).toBe(200);
    expect(await endSessionsOf(t.clientId, u.user.id)).toBe(0);
  });
});
