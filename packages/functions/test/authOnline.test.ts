import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";
import { FN, as, quickUser } from "./usersHelpers.ts";
import { readRoles } from "@xiangyu/core/users/roles";
import { UserInput } from "@xiangyu/core/users/schemas";
import { editOf } from "./editForm.ts";
import { openSession } from "@xiangyu/core/auth/sessions";

const ONLINE = 2503;
const INFO = "/gateway/api/manage/users/info";

let t: Awaited<ReturnType<typeof testTenant>>;
let roleIds: Map<string, number>;
beforeAll(async () => {
  t = await testTenant();
  roleIds = new Map([...(await readRoles(t.clientId)).values()].map((r) => [r.code ?? "", r.id]));
});

const online = (query: Record<string, string | number> = {}, token = t.adminToken) => get("/gateway/api/manage/online/list", { token, functionId: ONLINE, query });
const kick = (form: { userId: number; sessionId: string }, token = t.adminToken) => post("/gateway/api/manage/online/kick", { token, functionId: ONLINE, form });
/** The session a token names (its signed `sid` claim). */
const sidOf = (token: string): string => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sid;
const sessionsOf = async (userId: number) => (await online({ userId })).body.dataList as Array<{ sessionId: string; userId: number; current: number }>;

describe("online sessions", () => {
  it("lists who is signed in, newest first, with address, browser and times; the caller's own session marked", async () => {
    const u = await quickUser(t.clientId, {}, { realname: "在线员工" });
    const r = await online();
    expect(r.body.code).toBe("200");
    const row = r.body.dataList.find((x: any) => x.userId === u.user.id);
    expect(row).toMatchObject({ username: u.user.username, realname: "在线员工", current: 0 });
    expect(row.signedInAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(row.lastSeen).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The admin's own session (signed in through the sign-in route: address and browser kept) is marked current.
    const mine = r.body.dataList.filter((x: any) => x.current === 1);
    expect(mine).toHaveLength(1);
    expect(mine[0].username).toBe("admin");
    expect(mine[0].ip).toBe("127.0.0.1");
    // Newest first: the quick user signed in after the admin.
    const order = r.body.dataList.map((x: any) => x.userId);
    expect(order.indexOf(u.user.id)).toBeLessThan(order.indexOf(mine[0].userId));
  });

  it("forces one session out: its next request answers 401 at once, the user's other sessions go on", async () => {
    const u = await quickUser(t.clientId, {});
    const other = await openSession(u.user, "all");
    const sessions = await sessionsOf(u.user.id);
    expect(sessions).toHaveLength(2);
    expect((await get(INFO, { token: u.token })).status).toBe(200);
    expect(sessions.map((s) => s.sessionId).sort()).toEqual([sidOf(u.token), sidOf(other.access_token)].sort());
    const r = await kick({ userId: u.user.id, sessionId: sidOf(u.token) });
    expect(r.body).toEqual({ code: "200", desc: "已强制退出" });
    expect((await get(INFO, { token: u.token })).status).toBe(401);
    expect((await get(INFO, { token: other.access_token })).status).toBe(200);
    expect((await sessionsOf(u.user.id)).map((s) => s.sessionId)).toEqual([sidOf(other.access_token)]);
    // Twice: the session is already over.
    expect((await kick({ userId: u.user.id, sessionId: sidOf(u.token) })).body).toEqual({ code: "404", desc: "该会话已结束" });
  });

  it("refuses the caller's own session, a super-administrator's to anyone else, and callers without D", async () => {
    const me = (await online()).body.dataList.find((x: any) => x.current === 1);
    expect((await kick({ userId: me.userId, sessionId: me.sessionId })).body).toEqual({ code: "400", desc: "不能强制退出当前会话，请使用退出登录" });
    const operator = await quickUser(t.clientId, { [ONLINE]: "RD" });
    expect((await kick({ userId: me.userId, sessionId: me.sessionId }, operator.token)).body).toEqual({ code: "403", desc: "只有超级管理员可以强制退出超级管理员" });
    expect((await get(INFO, { token: t.adminToken })).status).toBe(200);
    const viewer = await quickUser(t.clientId, { [ONLINE]: "R" });
    const target = await quickUser(t.clientId, {});
    const [s] = await sessionsOf(target.user.id);
    expect((await kick({ userId: target.user.id, sessionId: s!.sessionId }, viewer.token)).body).toEqual({ code: "403", desc: "你没有删除权限" });
    expect((await kick({ userId: target.user.id, sessionId: s!.sessionId }, operator.token)).body.code).toBe("200");
    expect((await get(INFO, { token: target.token })).status).toBe(401);
    expect((await kick({ userId: target.user.id, sessionId: "not-a-session" })).body).toEqual({ code: "400", desc: "请选择会话" });
  });

  it("a user disabled or deleted is signed out everywhere, and leaves the list", async () => {
    const admin = as(t.adminToken, FN.staff);
    for (const end of ["disable", "delete"] as const) {
      const u = await quickUser(t.clientId, {}, { roleIds: [roleIds.get("cashier")!] });
      const more = await Promise.all([openSession(u.user, "all"), openSession(u.user, "all")]);
      const tokens = [u.token, ...more.map((m) => m.access_token)];
      expect(await sessionsOf(u.user.id)).toHaveLength(3);
      for (const token of tokens) expect((await get(INFO, { token })).status).toBe(200);
      const r =
        end === "disable"
          ? await admin.post(
              "/gateway/api/manage/users/m/save",
              editOf(
                UserInput,
                {},
                {
                  id: u.user.id,
                  mobile: u.user.mobile ?? "",
                  realname: u.user.realname ?? "",
                  password: "",
                  roleid: String(roleIds.get("cashier")),
                  deptid: "",
                  displayornot: 0,
                },
              ),
            )
          : await admin.post("/gateway/api/manage/users/mgr/delete", { ids: String(u.user.id) });
      expect(r.body.code).toBe("200");
      for (const token of tokens) expect((await get(INFO, { token })).status).toBe(401);
      expect(await sessionsOf(u.user.id)).toHaveLength(0);
    }
  });
});
