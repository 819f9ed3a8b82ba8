import { describe, it, expect, beforeAll, vi } from "vitest";
import { randomBytes } from "node:crypto";
import { Session } from "@xiangyu/core/auth/entities";
import { readToken } from "@xiangyu/core/auth/tokens";
import { markPlatformTenant } from "@xiangyu/core/platform/operator";
import { get, post, testTenant, ADMIN_PASSWORD } from "./harness.ts";

/**
 * A container remembers the sessions it has read alive (auth/sessions.ts, issue 39). Whatever ends
 * a session in one container must be refused at once by another that remembers it: here the
 * harness's handlers are one container and a second copy of the modules (their own memory) the
 * other.
 */
type Invoke = typeof import("@xiangyu/functions/http/invoke").invoke;
let other: Invoke;
let t: Awaited<ReturnType<typeof testTenant>>;

beforeAll(async () => {
  t = await testTenant();
  vi.resetModules();
  other = (await import("@xiangyu/functions/http/invoke")).invoke;
});

const INFO = "/gateway/api/manage/users/info";
/** Who-am-I through the other container: its status, 200 or 401. */
const infoThere = async (token: string) => (await other({ method: "GET", url: INFO, headers: { host: "localhost", authorization: `Bearer ${token}` } }))!.statusCode;
/** Read twice there: the second answer comes from the container's memory of the session. */
const remembered = async (token: string) => {
  expect(await infoThere(token)).toBe(200);
  expect(await infoThere(token)).toBe(200);
};
const sessionKey = async (token: string) => {
  const c = (await readToken(token))!;
  return { tenantId: c.tid, userId: c.uid, sessionId: c.sid };
};

describe("a session ended in one container is refused at once by another that remembers it", () => {
  it("the other container does serve from memory (an item deleted behind core's back is not seen)", async () => {
    const probe = await t.token("admin", ADMIN_PASSWORD);
    await remembered(probe);
    await Session.delete(await sessionKey(probe)).go();
    expect(await infoThere(probe)).toBe(200);
    // A container that never saw it reads the item: gone.
    expect((await get(INFO, { token: probe })).status).toBe(401);
  });

  it("logout", async () => {
    const a = await t.token("admin", ADMIN_PASSWORD);
    await remembered(a);
    expect((await post("/gateway/oauth/logout", { token: a })).body.code).toBe("200");
    expect(await infoThere(a)).toBe(401);
  });

  it("forced sign-out, a password change, reLogin", async () => {
    const kicked = await t.token("admin", ADMIN_PASSWORD);
    await remembered(kicked);
    const { userId, sessionId } = await sessionKey(kicked);
    expect((await post("/gateway/api/manage/online/kick", { token: t.adminToken, functionId: 2503, form: { userId, sessionId } })).body.code).toBe("200");
    expect(await infoThere(kicked)).toBe(401);

    const u = await t.userWith({});
    await remembered(u.token);
    expect((await post("/gateway/api/manage/users/changepassword", { token: u.token, form: { oldPassword: u.password, newPassword: "NewPassw0rd" } })).body.code).toBe("200");
    expect(await infoThere(u.token)).toBe(401);

    const old = await t.token("admin", ADMIN_PASSWORD);
    await remembered(old);
    const form = { grant_type: "reLogin", client_id: t.clientId, client_secret: t.clientSecret, scope: "all", access_token: old, appId: t.clientId };
    const next = await post("/gateway/oauth/login", { form });
    expect(next.body.code).toBe("200");
    expect(await infoThere(old)).toBe(401);
    expect(await infoThere(next.body.data.access_token)).toBe(200);
  });

  it("a disabled tenant, and its old sessions stay ended once it is enabled again", async () => {
    const op = await testTenant();
    await markPlatformTenant(op.clientId);
    const clientId = `n${randomBytes(4).toString("hex")}`;
    const created = await post("/gateway/api/manage/platform/save", {
      token: op.adminToken,
      functionId: 1101,
      form: {
        clientId,
        password: `${clientId}-secret`,
        systemName: `平台${clientId}`,
        domain2: `${clientId}.example.com`,
        idisplay: 1,
        adminMobile: "13512345678",
        adminPassword: "Initial#2026x",
      },
    });
    expect(created.body.code).toBe("200");
    const login = await post("/gateway/oauth/login", {
      form: { grant_type: "password", client_id: clientId, client_secret: `${clientId}-secret`, username: "admin", password: "Initial#2026x" },
    });
    const token = login.body.data.access_token as string;
    await remembered(token);
    const passed = (idisplay: number) =>
      post("/gateway/api/manage/platform/passed", { token: op.adminToken, functionId: 1101, form: { ids: String(created.body.data.id), idisplay } });
    expect((await passed(0)).body.desc).toBe("停用成功");
    expect(await infoThere(token)).toBe(401);
    expect((await passed(1)).body.desc).toBe("启用成功");
    expect(await infoThere(token)).toBe(401);
  });
});
