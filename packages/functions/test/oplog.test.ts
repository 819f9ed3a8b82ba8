import { describe, it, expect, beforeAll, vi } from "vitest";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { get, post, testTenant } from "./harness.ts";
import { AREAS } from "../src/manifest.ts";
import { splitKey } from "../src/http/define.ts";
import { OpLog } from "@xiangyu/core/auth/entities";
import { User } from "@xiangyu/core/users/entities";
import { recordEvent, recordRefusal } from "@xiangyu/core/auth/oplog";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";

let t: Awaited<ReturnType<typeof testTenant>>;
const ORG = 1201;
const OPLOG = 2501;

beforeAll(async () => {
  t = await testTenant();
});

const logPage = (query: Record<string, string | number> = {}, token = t.adminToken) => get("/gateway/api/manage/oplog/list", { token, functionId: OPLOG, query });

describe("the operation log", () => {
  it("has a Chinese action label for every logged POST route of the manifest", () => {
    const missing: string[] = [];
    for (const [area, { routes }] of Object.entries(AREAS)) {
      for (const [key, def] of Object.entries(routes)) {
        const { method } = splitKey(key);
        if (method !== "POST" || def.log === false || def.access.auth === "public") continue;
        if (typeof def.log !== "string" || !/^[\u4e00-\u9fa5]{2,12}$/.test(def.log)) missing.push(`${area} ${key}`);
        // A save route's label becomes 新增…/修改…: it must start with 保存.
        else if (def.access.auth === "function" && def.access.right === "save" && !def.log.startsWith("保存")) missing.push(`${area} ${key} (保存…)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("records every successful write with who, which function, route and ids — never the body", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) {
      const r = await post("/gateway/api/organization/save", { token: t.adminToken, functionId: ORG, form: { parentId: 0, orgType: "dept", orgName: `节点${i}` } });
      ids.push(r.body.data.id);
    }
    // A refused write is not logged.
    await post("/gateway/api/organization/save", { token: t.adminToken, functionId: ORG, form: { parentId: 0, orgType: "dept", orgName: "" } });
    await post("/gateway/api/organization/delete", { token: t.adminToken, functionId: ORG, form: { id: ids[0] } });
    await post("/gateway/api/manage/users/changepassword", { token: t.adminToken, form: { oldPassword: "wrong", newPassword: "Secret123x" } });

    // 26 writes and the admin's sign-in (testTenant), which the log keeps too.
    const first = await logPage();
    expect(first.body.pageParams).toMatchObject({ maxCount: 27, currentPage: 1, pageSize: 20, maxPage: 2 });
    const newest = first.body.dataList[0];
    expect(newest).toMatchObject({
      username: "admin",
      functionId: ORG,
      functionName: "组织架构",
      module: "org",
      route: "/gateway/api/organization/delete",
      ids: String(ids[0]),
      event: "write",
      // Named in Chinese from the route's label; a save names 新增 or 修改 by the id sent.
      action: "删除组织机构",
    });
    expect(first.body.dataList[1]).toMatchObject({ action: "新增组织机构", route: "/gateway/api/organization/save", ids: String(ids[24]) });
    expect(newest.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(JSON.stringify(first.body)).not.toContain("节点");
    expect(JSON.stringify(first.body)).not.toContain("Secret123x");

    const second = await logPage({ currentPage: 2 });
    expect(second.body.dataList).toHaveLength(7);
    const all = [...first.body.dataList, ...second.body.dataList].map((r: any) => r.id);
    expect(new Set(all).size).toBe(27);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect((await logPage({ currentPage: 3 })).body.dataList).toEqual([]);
    const asc = await logPage({ order: "asc", pageSize: 30 });
    expect(asc.body.dataList[0]).toMatchObject({ event: "signIn", action: "登录", route: "/gateway/oauth/login", module: "auth", username: "admin" });
    expect(asc.body.dataList[1].route).toBe("/gateway/api/organization/save");
  });

  it("filters by user and by module", async () => {
    const u = await t.userWith({ [ORG]: "A", [OPLOG]: "" });
    await post("/gateway/api/organization/save", { token: u.token, functionId: ORG, form: { parentId: 0, orgType: "dept", orgName: "他建的" } });
    const mine = await logPage({ userId: u.user.id }, u.token);
    expect(mine.body.pageParams.maxCount).toBe(2);
    expect(mine.body.dataList.map((r: any) => [r.username, r.event])).toEqual([
      [u.username, "write"],
      [u.username, "signIn"],
    ]);
    const org = await logPage({ module: "org" });
    expect(org.body.pageParams.maxCount).toBe(27);
    const none = await logPage({ module: "hotels" });
    expect(none.body.pageParams.maxCount).toBe(0);
  });

  it("keeps its entries in a partition of their own, apart from the tenant's users and roles", async () => {
    const tenantPartition = (User.query.byId({ tenantId: t.clientId }).params() as any).ExpressionAttributeValues[":pk"];
    const logPartition = (OpLog.query.byId({ tenantId: t.clientId }).params() as any).ExpressionAttributeValues[":pk"];
    expect(logPartition).not.toBe(tenantPartition);
    const raw = await dynamo().send(new QueryCommand({ TableName: config.table, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": tenantPartition } }));
    const entities = new Set((raw.Items ?? []).map((i) => i.__edb_e__));
    expect(entities.has("user")).toBe(true);
    expect(entities.has("oplog")).toBe(false);
    const own = await dynamo().send(
      new QueryCommand({ TableName: config.table, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": logPartition }, Select: "COUNT" }),
    );
    expect(own.Count).toBeGreaterThan(0);
  });

  it("never makes a committed write look failed when the log cannot be written", async () => {
    let saved = 0;
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const create = vi.spyOn(OpLog, "create").mockImplementation(() => {
      throw new Error("log table throttled");
    });
    try {
      const r = await post("/gateway/api/organization/save", { token: t.adminToken, functionId: ORG, form: { parentId: 0, orgType: "dept", orgName: "日志失败时" } });
      expect(r.status).toBe(200);
      expect(r.body.code).toBe("200");
      expect(create).toHaveBeenCalled();
      saved = r.body.data.id;
      const logged = errors.mock.calls.map((c) => JSON.parse(String(c[0])));
      expect(logged).toContainEqual(
        expect.objectContaining({ level: "error", msg: "operation log entry not written", route: "/gateway/api/organization/save", ids: String(r.body.data.id) }),
      );
    } finally {
      create.mockRestore();
      errors.mockRestore();
    }
    // The write itself is there.
    const view = await get("/gateway/api/organization/view", { token: t.adminToken, functionId: ORG, query: { id: saved } });
    expect(view.body.data.orgName).toBe("日志失败时");
  });

  it("records security events: sign-in, failure, lockout, sign-out, refusals, reveals and exports", async () => {
    const u = await t.userWith({ [ORG]: "R" });
    for (let i = 0; i < 5; i++) await t.login(u.username, "Wrong-pass1");
    await post("/gateway/oauth/logout", { token: u.token });
    const adminId = (await get("/gateway/api/manage/users/info", { token: t.adminToken })).body.data.userId;
    const admin = { tenantId: t.clientId, userId: adminId, username: "admin" };
    await recordRefusal(
      { ...admin, realname: "", deptCodes: [""], roleIds: [], branchId: 0, managelevel: 1, sessionId: "s", rights: {} },
      {
        route: "/gateway/api/organization/delete",
        method: "POST",
        ip: "10.1.2.3",
        reason: "你没有删除权限",
        functionId: ORG,
      },
    );
    await recordEvent(admin, "reveal", { route: "/xiangyu/api/client/membershippassword", ip: "10.1.2.3", ids: "42", module: "clients" });
    await recordEvent(admin, "export", { route: "/xiangyu/api/client/export", ip: "10.1.2.3", rows: 1200, module: "clients" });

    const mine = (await logPage({ userId: u.user.id, pageSize: 30 })).body.dataList.map((r: any) => [r.event, r.ip]);
    expect(mine).toEqual([
      ["signOut", "127.0.0.1"],
      ["lockout", "127.0.0.1"],
      ["signInFailed", "127.0.0.1"],
      ["signInFailed", "127.0.0.1"],
      ["signInFailed", "127.0.0.1"],
      ["signInFailed", "127.0.0.1"],
      ["signIn", "127.0.0.1"],
    ]);
    const adminRows = (await logPage({ userId: adminId, pageSize: 5 })).body.dataList;
    expect(adminRows[0]).toMatchObject({ event: "export", rows: 1200, ip: "10.1.2.3", module: "clients", method: "GET" });
    expect(adminRows[1]).toMatchObject({ event: "reveal", ids: "42", module: "clients" });
    expect(adminRows[2]).toMatchObject({ event: "refused", detail: "你没有删除权限", functionId: ORG, route: "/gateway/api/organization/delete" });
  });

  it("records a request the adapter refused: a missing letter and a forged function", { timeout: 90_000 }, async () => {
    const u = await t.userWith({ [ORG]: "R" });
    const node = await post("/gateway/api/organization/save", { token: t.adminToken, functionId: ORG, form: { parentId: 0, orgType: "dept", orgName: "拒绝日志" } });
    const refused = await post("/gateway/api/organization/delete", { token: u.token, functionId: ORG, form: { id: node.body.data.id } });
    expect(refused.body).toEqual({ code: "403", desc: "你没有删除权限" });
    const forged = await post("/gateway/api/organization/delete", { token: u.token, functionId: OPLOG, form: { id: node.body.data.id } });
    expect(forged.status).toBe(403);
    const rows = (await logPage({ userId: u.user.id, pageSize: 5 })).body.dataList;
    expect(rows[0]).toMatchObject({ event: "refused", route: "/gateway/api/organization/delete", method: "POST", ip: "127.0.0.1" });
    expect(rows[1]).toMatchObject({ event: "refused", detail: "你没有删除权限", functionId: ORG, route: "/gateway/api/organization/delete" });
  });

  it("has no route that edits or deletes an entry", () => {
    const logRoutes = Object.values(AREAS)
      .flatMap((a) => Object.keys(a.routes))
      .filter((key) => /oplog|operationlog|operation-log/i.test(splitKey(key).path));
    expect(logRoutes).toEqual(["GET /gateway/api/manage/oplog/list"]);
  });
});
