import { describe, it, expect, beforeAll, afterEach } from "vitest";
import { testTenant, ADMIN_PASSWORD } from "./harness.ts";
import { loginFrom, tally, freshIp } from "./authHelpers.ts";
import { passwordChecks } from "@xiangyu/core/auth/passwords";
import { SignInGuard, OpLog } from "@xiangyu/core/auth/entities";
import { accountSubject } from "@xiangyu/core/auth/lockout";
import { ADDRESS_WINDOW_MS } from "@xiangyu/core/auth/addressLimit";
import { User } from "@xiangyu/core/users/entities";
import { setClockOffset } from "@xiangyu/core/kernel/clock";

const BAD = "用户名或密码错误";
const LOCKED = "登录失败次数过多，账号已锁定，请15分钟后再试";
const ADDRESS = "登录失败次数过多，请15分钟后再试";

let t: Awaited<ReturnType<typeof testTenant>>;
beforeAll(async () => {
  t = await testTenant();
});
afterEach(() => setClockOffset(0));

/** Moves the clock to just after the start of an address window, so a test never straddles two. */
const startOfWindow = () => setClockOffset(ADDRESS_WINDOW_MS - (Date.now() % ADDRESS_WINDOW_MS) + 1000);

describe("lockout without races", () => {
  it("20 wrong passwords at once: exactly five are checked, the fifth locks, and the right password then gets no token", async () => {
    const u = await t.userWith({});
    const ip = freshIp();
    const checked = passwordChecks.real;
    const replies = await Promise.all(Array.from({ length: 20 }, () => loginFrom(t, ip, u.username, "Wrong-pass1")));
    expect(passwordChecks.real - checked).toBe(5);
    expect(tally(replies)).toEqual({ [BAD]: 4, [LOCKED]: 16 });
    expect(replies.every((r) => !r.data)).toBe(true);
    const { data: guard } = await SignInGuard.get({ tenantId: t.clientId, subject: accountSubject(u.user.id) }).go();
    expect(guard?.failures).toBe(5);

    const right = await loginFrom(t, ip, u.username, u.password);
    expect(right).toEqual({ code: "423", desc: LOCKED });
    // Also by the other login name of the same account.
    expect((await loginFrom(t, freshIp(), u.username.toUpperCase(), u.password)).desc).toBe(LOCKED);
  }, 90_000);

  it("a right password sent among wrong ones once the limit is reached gets no token", async () => {
    const u = await t.userWith({});
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await loginFrom(t, ip, u.username, "Wrong-pass1");
    const batch = [...Array.from({ length: 10 }, () => "Wrong-pass1"), u.password, ...Array.from({ length: 9 }, () => "Wrong-pass1")];
    const replies = await Promise.all(batch.map((pw) => loginFrom(t, ip, u.username, pw)));
    expect(tally(replies)).toEqual({ [LOCKED]: 20 });
  }, 90_000);

  it("the fifth attempt may be the right one; a success starts the count again", async () => {
    const u = await t.userWith({});
    const ip = freshIp();
    const wrong = await Promise.all(Array.from({ length: 4 }, () => loginFrom(t, ip, u.username, "Wrong-pass1")));
    expect(tally(wrong)).toEqual({ [BAD]: 4 });
    expect((await loginFrom(t, ip, u.username, u.password)).code).toBe("200");
    const again = await Promise.all(Array.from({ length: 4 }, () => loginFrom(t, ip, u.username, "Wrong-pass1")));
    expect(tally(again)).toEqual({ [BAD]: 4 });
  }, 90_000);
});

describe("no enumeration", () => {
  it("an unknown name and a wrong password get the same answers, and both lock after five", async () => {
    const u = await t.userWith({});
    const ip = freshIp();
    const dummy = passwordChecks.dummy;
    const unknown = [];
    const known = [];
    for (let i = 0; i < 6; i++) {
      unknown.push(await loginFrom(t, ip, "nobody-here", "Wrong-pass1"));
      known.push(await loginFrom(t, ip, u.username, "Wrong-pass1"));
    }
    expect(unknown).toEqual(known);
    expect(known.map((r) => r.desc)).toEqual([BAD, BAD, BAD, BAD, LOCKED, LOCKED]);
    // The unknown name cost a real scrypt each time it was checked (five times; then it was locked).
    expect(passwordChecks.dummy - dummy).toBe(5);
  }, 90_000);

  it("a disabled account answers like a wrong password, and says it is disabled only to its password", async () => {
    const u = await t.userWith({});
    await User.patch({ tenantId: t.clientId, id: u.user.id }).set({ status: 0 }).go();
    const ip = freshIp();
    expect(await loginFrom(t, ip, u.username, "Wrong-pass1")).toEqual({ code: "401", desc: BAD });
    expect(await loginFrom(t, ip, u.username, u.password)).toEqual({ code: "403", desc: "该账号已停用" });
  });
});

describe("per-address limit", () => {
  it("30 failed attempts per address in 15 minutes, counted before the password is checked; other addresses are not affected", async () => {
    startOfWindow();
    const ip = freshIp();
    const name = `ghost${Date.now()}`;
    // Five checked failures lock the name; the next ones are refused unchecked — all count against the address.
    const replies = await Promise.all(Array.from({ length: 40 }, () => loginFrom(t, ip, name, "Wrong-pass1")));
    const counts = tally(replies);
    expect((counts[BAD] ?? 0) + (counts[LOCKED] ?? 0)).toBe(30);
    expect(counts[ADDRESS]).toBe(10);
    expect(replies.find((r) => r.desc === ADDRESS)?.code).toBe("429");
    // The log keeps the 30 counted failures and one entry for the address's lock; refusals past it
    // are not written one by one (they cost nothing, and would flood it).
    const { data: entries } = await OpLog.query.byId({ tenantId: t.clientId }).go({ pages: "all" });
    const fromIp = entries.filter((e) => e.ip === ip);
    expect(fromIp.filter((e) => e.detail === "该地址15分钟内登录失败30次")).toHaveLength(1);
    expect(fromIp.filter((e) => e.event === "signInFailed" || (e.event === "lockout" && e.detail !== "该地址15分钟内登录失败30次"))).toHaveLength(30);
    // Even the right password of a real account is refused from that address…
    expect((await loginFrom(t, ip, "admin", ADMIN_PASSWORD)).desc).toBe(ADDRESS);
    // …but not from another one, and the next window starts afresh.
    expect((await loginFrom(t, freshIp(), "admin", ADMIN_PASSWORD)).code).toBe("200");
    setClockOffset(2 * ADDRESS_WINDOW_MS);
    expect((await loginFrom(t, ip, "admin", ADMIN_PASSWORD)).code).toBe("200");
  }, 90_000);

  it("successful sign-ins do not count against their address", async () => {
    startOfWindow();
    const ip = freshIp();
    const name = `ghost${Date.now()}`;
    const failures = await Promise.all(Array.from({ length: 29 }, () => loginFrom(t, ip, name, "Wrong-pass1")));
    expect(tally(failures)[ADDRESS]).toBeUndefined();
    for (let i = 0; i < 3; i++) expect((await loginFrom(t, ip, "admin", ADMIN_PASSWORD)).code).toBe("200");
    expect((await loginFrom(t, ip, name, "Wrong-pass1")).desc).toBe(LOCKED);
    expect((await loginFrom(t, ip, name, "Wrong-pass1")).desc).toBe(ADDRESS);
  }, 90_000);
});
