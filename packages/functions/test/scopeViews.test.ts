import { describe, it, expect, beforeAll } from "vitest";
import { forgetRoles } from "@xiangyu/core/auth/rolesCache";
import type { DataScope } from "@xiangyu/core/kernel/dataScope";
import { get, post, testTenant } from "./harness.ts";
import { quickUser } from "./usersHelpers.ts";

/**
 * What follows the caller's data scope besides the record lists (docs/decisions.md "Data scope"):
 * users/info's reach (the console's store filters offer exactly it), the organisation tree and its
 * writes, and the operation log.
 */
let t: Awaited<ReturnType<typeof testTenant>>;
const code = (name: string) => t.depts.get(name)!.code;
const RIGHTS = { "1201": "ADEPRS", "2501": "R", "2001": "ADEPRS" };

async function user(dataScope: DataScope, dept: string) {
  const u = await quickUser(t.clientId, RIGHTS, { deptCodes: [code(dept)], dataScope });
  forgetRoles(t.clientId);
  return u;
}

beforeAll(async () => {
  t = await testTenant();
}, 60_000);

describe("users/info: the reach of the caller's data scope", () => {
  it("answers the departments each scope reaches, and whether below them too", async () => {
    const reach = async (scope: DataScope, dept: string) => {
      const me = (await get("/gateway/api/manage/users/info", { token: (await user(scope, dept)).token })).body.data;
      return { codes: me.reachCodes, exact: me.reachExact };
    };
    expect(await reach("all", "广州天河店")).toEqual({ codes: [""], exact: 0 });
    expect(await reach("branch", "广州天河店")).toEqual({ codes: [code("华南分公司")], exact: 0 });
    expect(await reach("deptTree", "华南分公司")).toEqual({ codes: [code("华南分公司")], exact: 0 });
    expect(await reach("dept", "华南分公司")).toEqual({ codes: [code("华南分公司")], exact: 1 });
    expect(await reach("self", "广州天河店")).toEqual({ codes: [code("广州天河店")], exact: 1 });
  });
});

describe("the organisation tree by scope", () => {
  const names = async (token: string) => {
    const r = await get("/gateway/api/organization/app/list", { token, query: { orgType: "dept" } });
    expect(r.body.code).toBe("200");
    const out: string[] = [];
    const walk = (nodes: Array<{ orgName: string; children: unknown[] }>) => nodes.forEach((n) => (out.push(n.orgName), walk(n.children as never)));
    walk(r.body.dataList);
    return out;
  };

  it("shows what the scope reaches and the path above it", async () => {
    const all = await names((await user("all", "广州天河店")).token);
    expect(all).toEqual(expect.arrayContaining(["华南分公司", "广州天河店", "深圳南山店", "华东分公司", "上海浦东店"]));
    const branch = await names((await user("branch", "广州天河店")).token);
    expect(branch).toEqual(expect.arrayContaining(["华南分公司", "广州天河店", "深圳南山店"]));
    expect(branch).not.toContain("上海浦东店");
    const store = await names((await user("deptTree", "广州天河店")).token);
    expect(store).toEqual(expect.arrayContaining(["华南分公司", "广州天河店"]));
    expect(store).not.toContain("深圳南山店");
    // 仅本部门 at the branch: the branch itself, none of its stores.
    const exact = await names((await user("dept", "华南分公司")).token);
    expect(exact).toContain("华南分公司");
    expect(exact).not.toContain("广州天河店");
  });

  it("writes only inside the reach; an exact scope adds no department below its own", async () => {
    const branchNode = t.depts.get("华南分公司")!;
    const save = (token: string, parentId: number) =>
      post("/gateway/api/organization/save", { token, functionId: 1201, form: { orgType: "dept", parentId, orgName: `新店${parentId}`, seq: 9, idisplay: 1 } });
    const tree = await user("deptTree", "华南分公司");
    expect((await save(tree.token, branchNode.id)).body.code).toBe("200");
    const exact = await user("dept", "华南分公司");
    expect((await save(exact.token, branchNode.id)).body).toMatchObject({ code: "403", desc: "你没有该部门的操作权限" });
    const wide = await user("all", "广州天河店");
    expect((await save(wide.token, t.depts.get("华东分公司")!.id)).body.code).toBe("200");
  });
});

describe("the operation log by scope", () => {
  it("a reader sees the entries of actors in their scope; only self, their own; the whole tenant, all", async () => {
    const near = await user("deptTree", "广州天河店");
    const far = await user("deptTree", "上海浦东店");
    const client = (token: string, name: string, shop: string) =>
      post("/xiangyu/api/client/clientsave", { token, functionId: 2001, form: { clientName: name, mobile: `139${String(Date.now()).slice(-8)}`, status: 1, shop } });
    expect((await client(near.token, "天河日志客户", code("广州天河店"))).body.code).toBe("200");
    expect((await client(far.token, "浦东日志客户", code("上海浦东店"))).body.code).toBe("200");
    const actors = async (token: string) => {
      const r = await get("/gateway/api/manage/oplog/list", { token, functionId: 2501, query: { pageSize: 100, module: "clients" } });
      expect(r.body.code, JSON.stringify(r.body)).toBe("200");
      return { ids: [...new Set(r.body.dataList.map((x: { userId: number }) => x.userId))].sort(), total: r.body.pageParams.maxCount };
    };
    const reader = await user("deptTree", "广州天河店");
    expect(await actors(reader.token)).toEqual({ ids: [near.user.id], total: 1 });
    const branch = await user("branch", "广州天河店");
    expect((await actors(branch.token)).ids).toEqual([near.user.id]);
    const everyone = await user("all", "广州天河店");
    expect((await actors(everyone.token)).ids).toEqual([near.user.id, far.user.id].sort());
    // Only self: their own entries alone (the near user reading its own log).
    const self = await quickUser(t.clientId, RIGHTS, { deptCodes: [code("广州天河店")], dataScope: "self" });
    forgetRoles(t.clientId);
    expect((await client(self.token, "本人日志客户", code("广州天河店"))).body.code).toBe("200");
    expect(await actors(self.token)).toEqual({ ids: [self.user.id], total: 1 });
    const byOther = await get("/gateway/api/manage/oplog/list", { token: self.token, functionId: 2501, query: { userId: near.user.id } });
    expect(byOther.body.dataList).toEqual([]);
  });
});
